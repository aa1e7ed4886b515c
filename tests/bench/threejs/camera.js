// morphview's camera for the three.js pages (bench.js, shots.js), so both programs draw the model
// from the same place and it covers the same pixels.
import * as THREE from 'three';

// A view as morphview's --camera takes it (front, left, right, top, orbit:AZ,EL[,DIST]):
// azimuth and elevation in degrees, and the distance from the box's centre (absent: framed).
export function parseCamera(text) {
  const named = { front: [0, 0], left: [-90, 0], right: [90, 0], top: [0, 90] };
  if (named[text]) return { azimuth: named[text][0], elevation: named[text][1], distance: null };
  const match = /^orbit:([-+0-9.eE]+),([-+0-9.eE]+)(?:,([-+0-9.eE]+))?$/.exec(text);
  if (!match) throw new Error(`camera: expected front, left, right, top or orbit:AZ,EL[,DIST], got "${text}"`);
  return { azimuth: Number(match[1]), elevation: Number(match[2]), distance: match[3] ? Number(match[3]) : null };
}

// The box morphview frames (renderer/scene/Capture.cpp: the model at zero weights): each mesh's
// vertices as placed, skinned meshes in their pose, morph targets not counted (three.js's own
// geometry bounding box grows by every target's deltas). Call it before any weight is set.
export function restBox(root) {
  root.updateWorldMatrix(true, true);
  const box = new THREE.Box3();
  root.traverse((o) => {
    if (!o.isMesh) return;
    let b;
    if (o.isSkinnedMesh) {
      o.computeBoundingBox();  // skinned with the current (zero) weights
      b = o.boundingBox.clone();
    } else {
      b = new THREE.Box3().setFromBufferAttribute(o.geometry.attributes.position);
    }
    box.union(b.applyMatrix4(o.matrixWorld));
  });
  return box;
}

// morphview's camera (renderer/scene/Camera.cpp, frameCamera): looking at the box's centre from
// the view's angles, at the view's distance or else the nearest one at which all eight corners
// lie inside 90% of both fields of view (45 degrees vertically); near and far hug the box's
// bounding sphere. The same camera on both sides, so the model covers the same pixels.
export function frameCamera(box, aspect, view) {
  const center = box.getCenter(new THREE.Vector3());
  const radius = Math.max(0.5 * box.getSize(new THREE.Vector3()).length(), 1e-6);
  const az = THREE.MathUtils.degToRad(view.azimuth);
  const el = THREE.MathUtils.degToRad(view.elevation);
  const direction = new THREE.Vector3(Math.cos(el) * Math.sin(az), Math.sin(el), Math.cos(el) * Math.cos(az));
  const up = new THREE.Vector3(-Math.sin(el) * Math.sin(az), Math.cos(el), -Math.sin(el) * Math.cos(az));
  const right = new THREE.Vector3().crossVectors(direction.clone().negate(), up);
  const fov = 45;
  const tanY = 0.9 * Math.tan(THREE.MathUtils.degToRad(fov / 2));
  const tanX = tanY * aspect;
  let framed = 0;
  for (const x of [box.min.x, box.max.x]) {
    for (const y of [box.min.y, box.max.y]) {
      for (const z of [box.min.z, box.max.z]) {
        const p = new THREE.Vector3(x, y, z).sub(center);
        const towardsCamera = p.dot(direction);
        framed = Math.max(framed, towardsCamera + Math.abs(p.dot(right)) / tanX,
                          towardsCamera + Math.abs(p.dot(up)) / tanY);
      }
    }
  }
  if (!(framed > 0)) framed = radius / tanY;
  const distance = view.distance ?? framed;
  const near = Math.max(0.95 * (distance - radius), 1e-3 * distance);
  const camera = new THREE.PerspectiveCamera(fov, aspect, near, distance + 1.05 * radius);
  camera.position.copy(center).addScaledVector(direction, distance);
  camera.up.copy(up);
  camera.lookAt(center);
  return camera;
}

// The box morphview checks a shot's framing against (renderer/scene/GpuScene.cpp,
// primitiveBounds): each mesh's rest box grown by each target's delta box times its weight, a
// bound rather than the posed vertices' exact box. Targets' delta boxes are kept on the mesh.
export function posedBox(root) {
  root.updateWorldMatrix(true, true);
  const box = new THREE.Box3();
  root.traverse((o) => {
    if (!o.isMesh) return;
    const g = o.geometry;
    if (!o.userData.deltaBoxes) {
      o.userData.restBox = new THREE.Box3().setFromBufferAttribute(g.attributes.position);
      o.userData.deltaBoxes = (g.morphAttributes.position ?? []).map((a) => new THREE.Box3().setFromBufferAttribute(a));
    }
    const b = o.userData.restBox.clone();
    const weights = o.morphTargetInfluences ?? [];
    o.userData.deltaBoxes.forEach((d, t) => {
      const w = weights[t] ?? 0;
      if (w === 0) return;
      b.min.addScaledVector(w > 0 ? d.min : d.max, w);
      b.max.addScaledVector(w > 0 ? d.max : d.min, w);
    });
    box.union(b.applyMatrix4(o.matrixWorld));
  });
  return box;
}

// Whether every corner of `box` lies inside the frame's sides (renderer/scene/Camera.cpp,
// boxInView; depth not checked).
export function boxInView(camera, box) {
  camera.updateMatrixWorld();
  const m = new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  for (const x of [box.min.x, box.max.x]) {
    for (const y of [box.min.y, box.max.y]) {
      for (const z of [box.min.z, box.max.z]) {
        const c = new THREE.Vector4(x, y, z, 1).applyMatrix4(m);
        if (!(c.w > 0) || Math.abs(c.x) > c.w || Math.abs(c.y) > c.w) return false;
      }
    }
  }
  return true;
}
