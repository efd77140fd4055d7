#!/bin/sh
# Rebuild the order form's browser libraries (site/assets/vendor/) from the npm registry, reproducibly:
# the versions are pinned by tools/vendor-js/package-lock.json (integrity hashes included), and esbuild
# (pinned there too) bundles each library with its dependencies into one ES module file.
#
#   sh tools/build_vendor_js.sh          # then `git diff site/assets/vendor/`: nothing, for the same lockfile
#
# Needs node and npm. To move to a newer version: change tools/vendor-js/package.json, run
# `npm install --package-lock-only --ignore-scripts` there, then this script, and update the README there.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src="$here/vendor-js"
out="$here/../site/assets/vendor"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src/package.json" "$src/package-lock.json" "$src/age-entry.js" "$src/yaml-entry.js" "$work/"
cd "$work"
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
bundle() {  # entry, output
    ./node_modules/.bin/esbuild "$1" --bundle --format=esm --target=es2022 --minify --legal-comments=eof \
        --log-level=warning --outfile="$out/$2"
}
mkdir -p "$out"
bundle age-entry.js age-encryption.js
bundle yaml-entry.js js-yaml.js
cp node_modules/age-encryption/LICENSE "$out/LICENSE.age-encryption"
cp node_modules/js-yaml/LICENSE "$out/LICENSE.js-yaml"
for dep in @noble/ciphers @noble/curves @noble/hashes @noble/post-quantum @scure/base; do
    cp "node_modules/$dep/LICENSE" "$out/LICENSE.$(echo "$dep" | tr -d @ | tr / -)"
done
echo "built $out/age-encryption.js and $out/js-yaml.js"
