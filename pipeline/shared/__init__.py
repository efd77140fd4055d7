"""What every game family shares, small and apart from any family's rules: the dice (`dice`: every roll from
a source passed in, recorded with its audience; `dice_chain`: the hash chain each game commits to)."""
