// A shots file (morphview's `capture --shots` form: name, camera, weights "name=w,...", size)
// rendered by three.js and encoded to PNG, the work a render-fidelity pipeline does per shot:
// pose the morph targets, frame the camera as morphview does, render (4x MSAA, as capture's
// default), encode the canvas as PNG (canvas.toBlob, Chromium's encoder off the page's thread) and
// hand the bytes over (a POST the runner writes to a file). Shots follow one another without
// waiting for the previous one's encode and write, as morphview writes a shot on a worker while
// the next draws. The light is morphview's default look: its studio environment PMREM-prefiltered,
// PBR Neutral tone mapping, the background colour #2e3036.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { boxInView, frameCamera, parseCamera, posedBox, restBox } from './camera.js';
import { applyStudioLook } from './look.js';

const query = new URLSearchParams(location.search);

function show(text) { document.getElementById('status').textContent = text; }

function sizeOf(text) {
  const match = /^(\d+)x(\d+)$/.exec(text ?? '');
  if (!match) throw new Error(`size: expected WxH, got "${text}"`);
  return [Number(match[1]), Number(match[2])];
}

// "jawOpen=0.5,mouthSmileLeft=1": every morphed mesh's targets of those names, the rest 0.
function pose(meshes, weights) {
  const wanted = new Map();
  for (const pair of (weights ?? '').split(',').filter((p) => p)) {
    const [name, value] = pair.split('=');
    wanted.set(name.trim(), Number(value));
  }
  for (const mesh of meshes) {
    const influences = mesh.morphTargetInfluences;
    influences.fill(0);
    for (const [name, index] of Object.entries(mesh.morphTargetDictionary)) {
      if (wanted.has(name)) influences[index] = wanted.get(name);
    }
  }
}

async function post(url, body) {
  const response = await fetch(url, { method: 'POST', body });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
}

async function run() {
  const report = query.get('report');
  const shots = await (await fetch(query.get('shots'))).json();
  if (!Array.isArray(shots) || shots.length === 0) throw new Error('shots: expected a non-empty list');
  const canvas = document.createElement('canvas');
  document.body.appendChild(canvas);
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: query.get('msaa') !== '0' });
  renderer.setPixelRatio(1);
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const rendererString = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);

  const loadStart = performance.now();
  const gltf = await new GLTFLoader().loadAsync(query.get('model'));
  const scene = new THREE.Scene();
  scene.add(gltf.scene);
  scene.background = new THREE.Color('#2e3036');
  await applyStudioLook(renderer, scene, query.get('environment'));
  const meshes = [];
  gltf.scene.traverse((o) => { if (o.isMesh && o.morphTargetInfluences) { meshes.push(o); o.frustumCulled = false; } });
  const box = restBox(gltf.scene);
  const loadMs = performance.now() - loadStart;

  // Each shot's camera as capture frames it: on the model at zero weights, unless the shot's
  // pose leaves that frame, then on the posed box. Worked out before the clock starts (morphview
  // does it inside its time).
  const cameras = shots.map((shot) => {
    const [w, h] = sizeOf(shot.size);
    const view = parseCamera(shot.camera ?? 'front');
    pose(meshes, shot.weights);
    const camera = frameCamera(box, w / h, view);
    const posed = posedBox(gltf.scene);
    return boxInView(camera, posed) ? camera : frameCamera(posed, w / h, view);
  });

  const start = performance.now();
  const pending = [];
  let size = '';
  for (let i = 0; i < shots.length; ++i) {
    const shot = shots[i];
    if (shot.size !== size) {
      size = shot.size;
      const [w, h] = sizeOf(size);
      renderer.setSize(w, h, false);
    }
    pose(meshes, shot.weights);
    renderer.render(scene, cameras[i]);
    // toBlob takes the canvas's pixels now and encodes them later, off this thread.
    const blob = new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    pending.push(blob.then((png) => post(`${report}/png/${encodeURIComponent(shot.name)}`, png)));
    if (i % 20 === 0) {
      show(`shot ${i + 1} of ${shots.length}`);
      await new Promise((resolve) => setTimeout(resolve, 0));  // let the encodes' callbacks run
    }
  }
  await Promise.all(pending);
  const totalMs = performance.now() - start;
  return { program: `three.js r${THREE.REVISION}`, shots: shots.length, loadMs, totalMs,
           msPerShot: totalMs / shots.length, renderer: rendererString, userAgent: navigator.userAgent };
}

run().then((result) => post(`${query.get('report')}/result`, JSON.stringify(result)),
           (error) => post(`${query.get('report')}/result`, JSON.stringify({ error: String(error && error.stack ? error.stack : error) })));
