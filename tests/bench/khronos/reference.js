// One frame of the Khronos glTF Sample Renderer (@khronosgroup/gltf-viewer, pinned in
// package.json) with the environment, camera and tone mapping `morphview capture` uses.
// Query: model=URL env=URL.hdr size=WxH exposure=X rotation=DEG (the Sample Renderer's
// environmentRotation) camera=front|orbit:AZ,EL[,DIST] clear=rrggbb report=/result
// debug=NAME (a GltfState.DebugOutput value, e.g. Roughness; investigation only)
// The PNG (canvas.toDataURL) and the camera used are POSTed to `report` as JSON, or shown.
import { GltfView } from "./node_modules/@khronosgroup/gltf-viewer/dist/gltf-viewer.module.js";

const LIBS = "./node_modules/@khronosgroup/gltf-viewer/dist/libs/";
const params = new URLSearchParams(location.search);
// The renderer's console warnings and errors go back with the result.
const messages = [];
for (const level of ["warn", "error"]) {
    const original = console[level].bind(console);
    console[level] = (...args) => { messages.push(`${level}: ${args.map(String).join(" ")}`.slice(0, 500)); original(...args); };
}
const [width, height] = (params.get("size") || "512x512").split("x").map(Number);

// ---- morphview's camera (renderer/scene/Camera.cpp frameCamera, Capture.cpp), redone here ----
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const addv = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const mul = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a) => mul(a, 1 / Math.hypot(...a));

function emptyBox() { return { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] }; }
function valid(b) { return b.min[0] <= b.max[0]; }
function extendPoint(b, p) { for (let i = 0; i < 3; ++i) { b.min[i] = Math.min(b.min[i], p[i]); b.max[i] = Math.max(b.max[i], p[i]); } }
function corner(b, k) { return [(k & 1) ? b.max[0] : b.min[0], (k & 2) ? b.max[1] : b.min[1], (k & 4) ? b.max[2] : b.min[2]]; }
function transformPoint(m, p) {  // column-major 4x4
    return [m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
            m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
            m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]];
}
function transformBox(b, m) { const out = emptyBox(); for (let k = 0; k < 8; ++k) extendPoint(out, transformPoint(m, corner(b, k))); return out; }
function extendBox(b, o) { if (valid(o)) { extendPoint(b, o.min); extendPoint(b, o.max); } }
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

// morphview's GpuScene::bounds: each drawn primitive's POSITION box (the accessor's min/max),
// grown by sum w * (target delta box) for the weights, moved by the node's world matrix. A
// skinned node is placed by its joints (the glTF rule: the node's own transform is ignored); at
// the rest pose of these files the joint matrices are the identity, so its box is the mesh box.
function sceneBounds(gltf, weighted) {
    const box = emptyBox();
    const stack = gltf.scenes[gltf.scene ?? 0].nodes.slice();
    while (stack.length) {
        const node = gltf.nodes[stack.pop()];
        stack.push(...(node.children || []));
        if (node.mesh === undefined) continue;
        const mesh = gltf.meshes[node.mesh];
        const weights = node.weights ?? mesh.weights ?? [];
        for (const primitive of mesh.primitives) {
            const positionIndex = primitive.attributes?.POSITION ??
                primitive.glAttributes?.find((a) => a.attribute === "POSITION")?.accessor;
            if (positionIndex === undefined) continue;
            const position = gltf.accessors[positionIndex];
            const b = { min: position.min.slice(0, 3), max: position.max.slice(0, 3) };
            if (weighted && primitive.targets) {
                primitive.targets.forEach((target, t) => {
                    const w = weights[t] || 0;
                    if (!w || target.POSITION === undefined) return;
                    const d = gltf.accessors[target.POSITION];
                    for (let i = 0; i < 3; ++i) {
                        b.min[i] += w > 0 ? w * d.min[i] : w * d.max[i];
                        b.max[i] += w > 0 ? w * d.max[i] : w * d.min[i];
                    }
                });
            }
            extendBox(box, transformBox(b, node.skin !== undefined ? IDENTITY : node.worldTransform));
        }
    }
    return box;
}

function cameraView(text) {
    const named = { front: [0, 0], left: [-90, 0], right: [90, 0], top: [0, 90] };
    if (named[text]) return { az: named[text][0], el: named[text][1] };
    const m = /^orbit:([-0-9.e]+),([-0-9.e]+)(?:,([-0-9.e]+))?$/.exec(text);
    if (!m) throw new Error(`camera: '${text}' is not front, left, right, top or orbit:AZ,EL[,DIST]`);
    return { az: +m[1], el: +m[2], distance: m[3] === undefined ? undefined : +m[3] };
}

function frameCamera(bounds, view, aspect) {
    const fovY = 0.7854;  // morphview's Camera::fovY (radians)
    const center = mul(addv(bounds.min, bounds.max), 0.5);
    let radius = 0.5 * Math.hypot(...sub(bounds.max, bounds.min));
    if (!(radius > 0) || !isFinite(radius)) radius = 1;
    const az = view.az * Math.PI / 180, el = view.el * Math.PI / 180;
    const direction = [Math.cos(el) * Math.sin(az), Math.sin(el), Math.cos(el) * Math.cos(az)];
    const up = [-Math.sin(el) * Math.sin(az), Math.cos(el), -Math.sin(el) * Math.cos(az)];
    const right = cross(mul(direction, -1), up);
    const tanY = 0.9 * Math.tan(0.5 * fovY), tanX = tanY * (aspect > 0 ? aspect : 1);
    let framed = 0;
    for (let k = 0; k < 8; ++k) {
        const p = sub(corner(bounds, k), center);
        const towards = dot(p, direction);
        framed = Math.max(framed, towards + Math.abs(dot(p, right)) / tanX, towards + Math.abs(dot(p, up)) / tanY);
    }
    if (!(framed > 0)) framed = radius / tanY;
    const distance = view.distance ?? framed;
    return { eye: addv(center, mul(direction, distance)), target: center, up, fovY,
             near: Math.max(0.95 * (distance - radius), 1e-3 * distance), far: distance + 1.05 * radius };
}

function viewProjection(camera, aspect) {  // glm::perspective * glm::lookAt, column-major
    const f = norm(sub(camera.target, camera.eye)), s = norm(cross(f, camera.up)), u = cross(s, f);
    const view = [s[0], u[0], -f[0], 0, s[1], u[1], -f[1], 0, s[2], u[2], -f[2], 0,
                  -dot(s, camera.eye), -dot(u, camera.eye), dot(f, camera.eye), 1];
    const t = Math.tan(camera.fovY / 2), n = camera.near, fa = camera.far;
    const proj = [1 / (aspect * t), 0, 0, 0, 0, 1 / t, 0, 0, 0, 0, -(fa + n) / (fa - n), -1, 0, 0, -2 * fa * n / (fa - n), 0];
    const out = new Array(16).fill(0);
    for (let c = 0; c < 4; ++c) for (let r = 0; r < 4; ++r) for (let k = 0; k < 4; ++k) out[c * 4 + r] += proj[k * 4 + r] * view[c * 4 + k];
    return out;
}

function boxInView(camera, box, aspect) {  // Camera.cpp boxInView: the frame's sides only
    if (!valid(box)) return true;
    const m = viewProjection(camera, aspect);
    for (let k = 0; k < 8; ++k) {
        const p = corner(box, k);
        const x = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
        const y = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
        const w = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
        if (!(w > 0) || Math.abs(x) > w || Math.abs(y) > w) return false;
    }
    return true;
}

function enclose(camera, box) {  // Camera.cpp enclose: near/far widened to hold every corner
    if (!valid(box)) return;
    const f = norm(sub(camera.target, camera.eye));
    const distance = Math.hypot(...sub(camera.target, camera.eye));
    for (let k = 0; k < 8; ++k) {
        const depth = dot(sub(corner(box, k), camera.eye), f);
        camera.near = Math.min(camera.near, Math.max(0.95 * depth, 1e-3 * distance));
        camera.far = Math.max(camera.far, 1.05 * depth);
    }
}

// probe=1: the mean of each face of the filtered IBL cubes at each mip level, and the GGX LUT at a
// few (NdotV, roughness), and the Charlie LUT on a grid, read back from the GPU (investigation: is
// the prefiltering right?).
function probeEnvironment(gl, environment) {
    const fb = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
    const read = (w, h) => {
        const px = new Float32Array(w * h * 4);
        gl.readPixels(0, 0, w, h, gl.RGBA, gl.FLOAT, px);
        const m = [0, 0, 0];
        for (let i = 0; i < w * h; ++i) for (let c = 0; c < 3; ++c) m[c] += px[i * 4 + c] / (w * h);
        return { mean: m.map((v) => +v.toFixed(4)), px };
    };
    const out = {};
    for (const image of environment.images) {
        if (!image.name || image.type !== gl.TEXTURE_CUBE_MAP) continue;
        const levels = [];
        for (let level = 0; level <= 5; ++level) {
            const size = 256 >> level, faces = [];
            for (let face = 0; face < 6; ++face) {
                gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_CUBE_MAP_POSITIVE_X + face, image.image, level);
                if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE) { faces.push("incomplete"); continue; }
                faces.push(read(size, size).mean);
            }
            levels.push(faces);
            if (image.name === "Diffuse") break;
        }
        out[image.name] = levels;
    }
    const readLut = (info, points) => {
        const lut = environment.images[environment.textures[info.index].source].image;
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, lut, 0);
        const { px } = read(1024, 1024);
        return points.map(([nv, r]) => {
            const x = Math.min(1023, Math.floor(nv * 1024)), y = Math.min(1023, Math.floor(r * 1024)), i = (y * 1024 + x) * 4;
            return { NdotV: nv, roughness: r, value: [px[i], px[i + 1], px[i + 2]].map((v) => +v.toFixed(4)) };
        });
    };
    out.lut = readLut(environment.lut, [[0.5, 0.0], [0.5, 0.5], [0.5, 1.0], [1.0, 0.5]]);
    // The Charlie LUT (sheen under the environment reads its blue channel) on a grid of NdotV
    // and sheen roughness 0.05, 0.25, ... 1.
    const grid = [];
    for (const r of [0.25, 0.5, 0.75, 1.0]) for (const nv of [0.05, 0.25, 0.5, 0.75, 1.0]) grid.push([nv, r]);
    out.charlieLut = readLut(environment.sheenLUT, grid);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.deleteFramebuffer(fb);
    return out;
}

// ---- the frame ----
async function run() {
    const canvas = document.getElementById("view");
    canvas.width = width; canvas.height = height;
    // As the Sample Viewer app: WebGL 2 with the browser's multisampling (antialias: true) on
    // the default framebuffer; preserveDrawingBuffer so toDataURL reads the frame drawn.
    const gl = canvas.getContext("webgl2", { alpha: false, antialias: true, preserveDrawingBuffer: true });
    if (!gl) throw new Error("no WebGL 2 context");
    // hide=EXT1,EXT2: make getExtension deny those (investigation: which IBL format path runs).
    const hidden = (params.get("hide") || "").split(",").filter(Boolean);
    if (hidden.length) {
        const getExtension = gl.getExtension.bind(gl);
        gl.getExtension = (name) => (hidden.includes(name) ? null : getExtension(name));
    }
    const debug = gl.getExtension("WEBGL_debug_renderer_info");
    const renderer = debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);

    const view = new GltfView(gl);
    const state = view.createState();
    const loader = view.createResourceLoader(undefined, undefined, LIBS);
    // The package ships no lut_sheen_E.png (the Sample Viewer app serves it); sheen is unused by
    // these models, so a 1x1 black PNG stands in for it.
    const one = document.createElement("canvas"); one.width = one.height = 1;
    const c2d = one.getContext("2d"); c2d.fillStyle = "#000"; c2d.fillRect(0, 0, 1, 1);
    const started = performance.now();
    state.gltf = await loader.loadGltf(params.get("model"));
    state.environment = await loader.loadEnvironment(params.get("env"), { lut_sheen_E_file: one.toDataURL("image/png") });
    const loadMs = performance.now() - started;

    state.sceneIndex = state.gltf.scene ?? 0;
    state.cameraIndex = undefined;        // the user camera, set below
    state.animationIndices = [];          // the rest pose at the files' default weights
    const rp = state.renderingParameters;
    rp.exposure = Number(params.get("exposure") || 1);
    rp.toneMap = "Khronos PBR Neutral";   // GltfState.ToneMaps.KHR_PBR_NEUTRAL
    rp.useIBL = true;
    rp.iblIntensity = 1.0;
    rp.usePunctual = false;               // default true: the file's KHR_lights_punctual
    rp.useDirectionalLightsWithDisabledIBL = false;
    rp.renderEnvironmentMap = false;      // a flat background, as morphview's --background #rrggbb
    rp.blurEnvironmentMap = false;
    rp.environmentRotation = Number(params.get("rotation") ?? 90);
    if (params.get("debug")) rp.debugOutput = params.get("debug");  // e.g. "Roughness"
    // clearColor goes straight to gl.clearColor (floats in [0, 1], despite the doc's "ints in
    // [0, 255]") on a non-sRGB default framebuffer: the stored value is the sRGB byte itself.
    const clear = (params.get("clear") || "2e3036").replace("#", "");
    rp.clearColor = [0, 2, 4].map((i) => parseInt(clear.slice(i, i + 2), 16) / 255).concat([1]);

    // The node world transforms the bounds need come from the first frame's hierarchy pass.
    view.renderFrame(state, width, height);
    const aspect = width / height;
    const rest = sceneBounds(state.gltf, false), weighted = sceneBounds(state.gltf, true);
    const cv = cameraView(params.get("camera") || "front");
    let camera = frameCamera(rest, cv, aspect);
    if (!boxInView(camera, weighted, aspect)) camera = frameCamera(weighted, cv, aspect);
    enclose(camera, weighted);
    // UserCamera.transform is the camera's world matrix (its view matrix is the inverse).
    const f = norm(sub(camera.target, camera.eye)), s = norm(cross(f, camera.up)), u = cross(s, f);
    const uc = state.userCamera;
    uc.transform = new Float32Array([s[0], s[1], s[2], 0, u[0], u[1], u[2], 0, -f[0], -f[1], -f[2], 0,
                                     camera.eye[0], camera.eye[1], camera.eye[2], 1]);
    uc.perspective.yfov = camera.fovY;
    uc.perspective.aspectRatio = undefined;
    uc.perspective.znear = camera.near;
    uc.perspective.zfar = camera.far;

    const t0 = performance.now();
    view.renderFrame(state, width, height);
    gl.finish();
    const frameMs = performance.now() - t0;
    const probe = params.get("probe") ? probeEnvironment(gl, state.environment) : undefined;
    const glError = gl.getError();
    return { png: canvas.toDataURL("image/png"), renderer, loadMs, frameMs, camera, messages, glError, probe,
             extensions: gl.getSupportedExtensions(),
             bounds: { rest, weighted }, statistics: view.gatherStatistics(state) };
}

async function report(body) {
    const to = params.get("report");
    if (to) await fetch(to, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    else document.getElementById("out").textContent = JSON.stringify({ ...body, png: body.png ? body.png.length + " chars" : undefined }, null, 2);
}

run().then(report, (e) => report({ error: String(e && e.stack || e) }));
