export { Encrypter, Decrypter, armor } from "age-encryption";
