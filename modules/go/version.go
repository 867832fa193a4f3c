package plantstoremock

// Version of this module; the same number as the npm package, the image and the Java and Python modules
// (package.json holds it; scripts/sync-version.mjs writes it here and a test checks it).
const Version = "0.1.0"
