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

// morphview's camera (renderer/scene/Camera.cpp, frameCamera): looking at the rest-pose box's
// centre from the view's angles, at the view's distance or else the nearest one at which all
// eight corners lie inside 90% of both fields of view (45 degrees vertically); near and far hug
// the box's bounding sphere. The same camera on both sides, so the model covers the same pixels.
export function frameCamera(root, aspect, view) {
  const box = new THREE.Box3().setFromObject(root);
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
