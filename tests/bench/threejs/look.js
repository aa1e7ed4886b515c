// morphview's default look for the three.js pages (bench.js, shots.js): its studio environment
// (the equirectangular .hdr `morphview environment --out` writes) PMREM-prefiltered once, before
// any timed frame, as morphview prefilters it, and PBR Neutral tone mapping.
import * as THREE from 'three';
import { HDRLoader } from 'three/addons/loaders/HDRLoader.js';

export async function applyStudioLook(renderer, scene, url) {
  const equirect = await new HDRLoader().loadAsync(url);
  equirect.mapping = THREE.EquirectangularReflectionMapping;
  const pmrem = new THREE.PMREMGenerator(renderer);
  scene.environment = pmrem.fromEquirectangular(equirect).texture;
  pmrem.dispose();
  equirect.dispose();
  renderer.toneMapping = THREE.NeutralToneMapping;
  renderer.toneMappingExposure = 1.0;
}
