// Rewrites a .glb with glTF-Transform (the version package.json pins), its accessors made sparse
// wherever at most a third of their elements are non-zero (functions' `sparse`), as the
// "50,000 x 300 file written by glTF-Transform" of the 64x64 comparison was made:
//
//   node gltf_transform_sparse.mjs IN.glb OUT.glb
//
// Run by hand beside run.py (npm install first; see README.md), never by the build or CI.
import { NodeIO } from '@gltf-transform/core';
import { sparse } from '@gltf-transform/functions';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node gltf_transform_sparse.mjs IN.glb OUT.glb');
  process.exit(2);
}
const io = new NodeIO();
const document = await io.read(input);
await document.transform(sparse({ ratio: 1 / 3 }));
await io.write(output, document);
const sparseCount = document.getRoot().listAccessors().filter((a) => a.getSparse()).length;
console.log(`${output}: ${sparseCount} of ${document.getRoot().listAccessors().length} accessors sparse`);
