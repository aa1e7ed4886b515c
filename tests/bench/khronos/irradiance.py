#!/usr/bin/env python3
"""How far nine SH coefficients (morphview's diffuse light) are from the exact Lambertian
irradiance (what the Sample Renderer's Lambertian cube holds, up to its sampling noise) for a
Radiance .hdr, in a few directions; green channel, python3 stdlib only. docs/RENDERING.md.

    build/morphview environment --out /tmp/studio256.hdr --width 256
    python3 tests/bench/khronos/irradiance.py /tmp/studio256.hdr
"""
import math
import sys
def read_hdr(p):
    d=open(p,'rb').read(); i=0
    while True:
        j=d.index(b'\n',i); line=d[i:j]; i=j+1
        if line.startswith(b'-Y') or line.startswith(b'+Y'): break
    parts=line.split(); H=int(parts[1]); W=int(parts[3])
    img=[]
    for y in range(H):
        if d[i]==2 and d[i+1]==2:
            i+=4; ch=[[0]*W for _ in range(4)]
            for c in range(4):
                x=0
                while x<W:
                    n=d[i]; i+=1
                    if n>128:
                        n-=128; v=d[i]; i+=1
                        for _ in range(n): ch[c][x]=v; x+=1
                    else:
                        for _ in range(n): ch[c][x]=d[i]; i+=1; x+=1
            row=[tuple(ch[c][x] for c in range(4)) for x in range(W)]
        else:
            row=[tuple(d[i+4*x:i+4*x+4]) for x in range(W)]; i+=4*W
        img.append([(0,0,0) if e[3]==0 else tuple(e[c]*2.0**(e[3]-136) for c in range(3)) for e in row])
    return W,H,img
W,H,img=read_hdr(sys.argv[1])
# texel directions and solid angles; u = 0.5 + atan2(z,x)/2pi, v = acos(y)/pi
samples=[]
for y in range(H):
    th=math.pi*(y+0.5)/H; dw=(2*math.pi/W)*(math.pi/H)*math.sin(th)
    for x in range(W):
        ph=2*math.pi*((x+0.5)/W-0.5)
        d=(math.sin(th)*math.cos(ph), math.cos(th), math.sin(th)*math.sin(ph))
        samples.append((d, img[y][x][1], dw))   # green channel
def basis(d):
    x,y,z=d
    return [0.282095,0.488603*y,0.488603*z,0.488603*x,1.092548*x*y,1.092548*y*z,0.315392*(3*z*z-1),1.092548*x*z,0.546274*(x*x-y*y)]
L=[0.0]*9
for d,v,dw in samples:
    b=basis(d)
    for k in range(9): L[k]+=v*b[k]*dw
A=[math.pi]+[2*math.pi/3]*3+[math.pi/4]*5
def sh(n): b=basis(n); return sum(A[k]*L[k]*b[k] for k in range(9))/math.pi
def exact(n): return sum(v*max(0.0,n[0]*d[0]+n[1]*d[1]+n[2]*d[2])*dw for d,v,dw in samples)/math.pi
def nrm(v): l=math.sqrt(sum(c*c for c in v)); return tuple(c/l for c in v)
print("normal (world; camera looks along -Z from +Z)        exact    SH9    SH/exact-1")
for name,n in [("front (0,0,1)",(0,0,1)),("up",(0,1,0)),("down",(0,-1,0)),("left (-1,0,0)",(-1,0,0)),("right (1,0,0)",(1,0,0)),
               ("down-left",(-0.6,-0.6,0.53)),("mid-left",(-0.8,0,0.6)),("up-left",(-0.6,0.6,0.53)),("up-right",(0.6,0.6,0.53)),("back (0,0,-1)",(0,0,-1))]:
    n=nrm(n); e=exact(n); s=sh(n); print(f"{name:20s} {e:8.4f} {s:8.4f} {100*(s/e-1):+7.1f}%")
