// three.js timed the way `morphview bench` times a frame, so the two compare:
// frameMs is the wall time from setting a frame's weights to the return of a 1-pixel readPixels
// of the finished frame (which waits for it); the median and p95 (nearest rank) over the counted
// frames, warm-up frames not counted. Each frame sets `active` distinct random targets to random
// weights in (0, 1] and the rest to 0 on every morphed mesh, drawn with the same PRNG
// (SplitMix64), seed and shuffle as morphview's bench, so both see the same weights.
// The light: with ?environment=URL of an equirectangular .hdr, image-based lighting as
// morphview's default look draws (PMREM-prefiltered environment, PBR Neutral tone mapping, no
// direct lights: `morphview bench --environment studio`); without it, the hemisphere and
// directional lights of the first runs (`--environment rig` is the nearest morphview has).
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { KTX2Loader } from 'three/addons/loaders/KTX2Loader.js';
import { frameCamera, parseCamera, restBox } from './camera.js';
import { applyStudioLook } from './look.js';

const query = new URLSearchParams(location.search);

function intParam(name, fallback, min) {
  const text = query.get(name);
  if (text === null) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name}: expected an integer >= ${min}, got "${text}"`);
  return value;
}

function sizeParam() {
  const text = query.get('size') ?? '64x64';
  const match = /^(\d+)x(\d+)$/.exec(text);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new Error(`size: expected WxH, got "${text}"`);
  return [Number(match[1]), Number(match[2])];
}

// morph::SplitMix64 (morph/SyntheticMesh.h), bit for bit, on BigInt.
class SplitMix64 {
  constructor(seed) { this.state = BigInt.asUintN(64, BigInt(seed)); }
  next() {
    this.state = BigInt.asUintN(64, this.state + 0x9E3779B97F4A7C15n);
    let z = this.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
    return z ^ (z >> 31n);
  }
  unit() { return Number(this.next() >> 40n) / 16777216; }  // [0, 1), 24 bits
  below(n) { return Number(this.next() % BigInt(n)); }
}

// Per glTF node that draws a morphed mesh: its three.js meshes (one per primitive; a node's
// primitives share the node's weights, as in glTF 2.0 3.7.2.2) and its target count. In scene
// traversal order, the order morphview draws (and draws weights for) its nodes.
function morphedNodes(root, parser) {
  const nodes = [];
  root.traverse((object) => {
    const mapping = parser.associations.get(object);
    if (!mapping || mapping.nodes === undefined) return;
    const candidates = object.isMesh ? [object] : object.children.filter((c) => {
      const m = parser.associations.get(c);
      return c.isMesh && m && m.primitives !== undefined && m.nodes === undefined;
    });
    const meshes = candidates.filter((m) => m.morphTargetInfluences && m.morphTargetInfluences.length > 0);
    if (meshes.length === 0) return;
    const targets = Math.max(...meshes.map((m) => m.morphTargetInfluences.length));
    nodes.push({ meshes, targets, weights: new Float32Array(targets), order: new Uint32Array(targets) });
  });
  return nodes;
}

// morphview's drawWeights (app/BenchRun.cpp): a partial Fisher-Yates shuffle picks `active`
// distinct targets, each at 1 - unit() in (0, 1]; the rest are 0.
function drawWeights(rng, node, active) {
  const { weights, order, targets } = node;
  weights.fill(0);
  for (let i = 0; i < targets; ++i) order[i] = i;
  for (let i = 0; i < Math.min(active, targets); ++i) {
    const j = i + rng.below(targets - i);
    [order[i], order[j]] = [order[j], order[i]];
    weights[order[i]] = Math.fround(1 - rng.unit());
  }
}

// Nearest rank, as morphview's percentile95.
function percentile(sorted, p) {
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

function median(sorted) {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

// The share of the frame the model covers: pixels whose colour is not the clear colour (black;
// the page draws no background), read once after the timed frames.
function coverage(gl, width, height) {
  const pixels = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  let covered = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i] || pixels[i + 1] || pixels[i + 2]) ++covered;
  }
  return covered / (width * height);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function show(id, text) { document.getElementById(id).textContent = text; }

async function run() {
  const model = query.get('model');
  if (!model) throw new Error('model: missing (?model=URL of a .glb)');
  const active = intParam('active', 40, 1);
  const frames = intParam('frames', 10, 1);
  const warmup = intParam('warmup', 2, 0);
  const seed = intParam('seed', 1, 0);
  const [width, height] = sizeParam();

  const canvas = document.createElement('canvas');
  document.body.appendChild(canvas);
  // antialias: false is three.js's default; stated because morphview renders single-sampled too.
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false });
  renderer.setPixelRatio(1);
  renderer.setSize(width, height, false);
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const rendererString = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);

  show('status', `loading ${model}`);
  const loadStart = performance.now();
  // KHR_texture_basisu through three's own transcoder (the KTX2 variant of a face).
  const ktx2 = new KTX2Loader()
    .setTranscoderPath('./node_modules/three/examples/jsm/libs/basis/')
    .detectSupport(renderer);
  const gltf = await new GLTFLoader().setKTX2Loader(ktx2).loadAsync(model);
  const loadMs = performance.now() - loadStart;
  const scene = new THREE.Scene();
  scene.add(gltf.scene);
  const environment = query.get('environment');
  let lightMs = 0;
  if (environment) {
    const lightStart = performance.now();
    await applyStudioLook(renderer, scene, environment);
    lightMs = performance.now() - lightStart;
  } else {
    scene.add(new THREE.HemisphereLight(0xffffff, 0x404040, 1.0));
    const sun = new THREE.DirectionalLight(0xffffff, 2.0);
    sun.position.set(1, 2, 3);
    scene.add(sun);
  }
  const nodes = morphedNodes(gltf.scene, gltf.parser);
  if (nodes.length === 0) throw new Error(`${model}: no morphed mesh to drive`);
  // Morphed bounds move; morphview does not cull either.
  for (const node of nodes) for (const mesh of node.meshes) mesh.frustumCulled = false;
  const camera = frameCamera(restBox(gltf.scene), width / height, parseCamera(query.get('camera') ?? 'front'));

  const rng = new SplitMix64(seed);
  const pixel = new Uint8Array(4);
  const times = [];
  let firstFrameMs = 0;
  for (let f = 0; f < warmup + frames; ++f) {
    show('status', `frame ${f + 1} of ${warmup + frames}`);
    await nextTask();  // let the page breathe between frames (untimed)
    for (const node of nodes) drawWeights(rng, node, active);
    const start = performance.now();
    for (const node of nodes) {
      for (const mesh of node.meshes) {
        const influences = mesh.morphTargetInfluences;
        for (let t = 0; t < influences.length; ++t) influences[t] = node.weights[t];
      }
    }
    renderer.render(scene, camera);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    const ms = performance.now() - start;
    if (f === 0) firstFrameMs = ms;
    if (f >= warmup) times.push(ms);
  }
  // Proof that the mesh was drawn (untimed): what the last frame drew, and the centre pixel.
  const triangles = renderer.info.render.triangles;
  const drawCalls = renderer.info.render.calls;
  renderer.render(scene, camera);
  gl.readPixels(Math.floor(width / 2), Math.floor(height / 2), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  const covered = coverage(gl, width, height);
  const sorted = [...times].sort((a, b) => a - b);
  let vertices = 0;
  for (const node of nodes) for (const mesh of node.meshes) vertices += mesh.geometry.attributes.position.count;
  return {
    path: `three.js r${THREE.REVISION}`,
    frameMsMedian: median(sorted),
    frameMsP95: percentile(sorted, 0.95),
    frames,
    warmup,
    active,
    seed,
    size: `${width}x${height}`,
    renderer: rendererString,
    revision: THREE.REVISION,
    model,
    morphedNodes: nodes.length,
    targets: Math.max(...nodes.map((n) => n.targets)),
    vertices,
    loadMs,
    light: environment ? `environment ${environment}, PMREM, NeutralToneMapping` : 'hemisphere + directional',
    lightMs,
    drawCalls,
    triangles,
    centerPixel: Array.from(pixel),
    coverage: covered,
    firstFrameMs,
    frameMs: times,
    timerResolutionHint: crossOriginIsolated ? 'cross-origin isolated (5 us)' : 'not isolated (100 us)',
    userAgent: navigator.userAgent,
  };
}

async function report(body) {
  show('result', JSON.stringify(body, null, 2));
  show('status', body.error ? 'error' : 'done');
  const target = query.get('report');
  if (target) await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

run().then((result) => report({ results: [result] }),
           (error) => report({ error: String(error && error.stack ? error.stack : error) }));
