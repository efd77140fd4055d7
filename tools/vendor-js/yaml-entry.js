export { load } from "js-yaml";
