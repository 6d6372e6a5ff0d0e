#!/usr/bin/env bash
# Builds the image the Docker tests (*.int.test.ts) run their containers from, when it is missing.
# No registry is reachable in CI, so nothing is pulled: the image is a root filesystem of empty directories and
# the usual merged-/usr symlinks, imported with `docker import`. Tests bind-mount the host's /usr read-only over
# it, so a container runs the host's own node and sh without copying them into the image (vfs copies every
# layer for each container, so the image is kept to a few kilobytes).
set -euo pipefail
IMAGE="${1:-recovery-bench/test-rootfs:1}"

if docker image inspect "$IMAGE" >/dev/null 2>&1; then exit 0; fi
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{usr,etc,tmp,proc,sys,dev,run,work,models,var/tmp}
chmod 1777 "$root/tmp" "$root/var/tmp"
for d in bin sbin lib lib64; do ln -s "usr/$d" "$root/$d"; done
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
tar --numeric-owner -C "$root" -cf - . \
  | docker import --change 'LABEL recovery-bench.test-image=true' --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' - "$IMAGE" >/dev/null
echo "test image: built $IMAGE"
