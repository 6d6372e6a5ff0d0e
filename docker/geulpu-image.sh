#!/usr/bin/env bash
# Builds a GeulPU image from GeulPU's source at a git ref and tags it geulpu:<REF>, the image a GeulPU engine with
# `sourceRef: REF` runs (libs/engines/README.md, "GeulPU"). The default is the paper's commit:
#   docker/geulpu-image.sh            36e3957, the commit Study 3's G-off and G-on ran (it froze the detection rules)
#   docker/geulpu-image.sh 88555c2    with the parser fix of deviation 1: the engine of Qwen2.5-7B's rows
#   docker/geulpu-image.sh v0.15.0    a release tag as the repository names it (the paper cites 0.15.0): an explicit choice
# GeulPU publishes no image, so the build uses the Dockerfile of the source at REF, or the file GEULPU_DOCKERFILE names
# (a path on this host), with the checkout as the context. A REF that looks like a commit hash must be a prefix of the
# checked-out HEAD. The image carries that HEAD in the label org.opencontainers.image.revision, which a run checks
# against its sourceRef and records in run.json.
# Environment: GEULPU_REPO (default https://github.com/wwoosshh/GeulPUv2, or a local clone), GEULPU_DOCKERFILE,
# GEULPU_IMAGE (default geulpu:REF). Words after REF go to `docker build` (e.g. --build-arg X=Y).
set -euo pipefail
REF="${1:-36e3957}"
[ $# -gt 0 ] && shift
REPO="${GEULPU_REPO:-https://github.com/wwoosshh/GeulPUv2}"
IMAGE="${GEULPU_IMAGE:-geulpu:$REF}"

src="$(mktemp -d)"
trap 'rm -rf "$src"' EXIT
git clone --quiet "$REPO" "$src"
git -C "$src" -c advice.detachedHead=false checkout --quiet "$REF"
head="$(git -C "$src" rev-parse HEAD)"
if [[ "$REF" =~ ^[0-9a-fA-F]{7,40}$ ]] && [[ "${head,,}" != "${REF,,}"* ]]; then
  echo "geulpu-image: checked out $REF but HEAD is $head" >&2
  exit 1
fi
dockerfile="${GEULPU_DOCKERFILE:-$src/Dockerfile}"
if [ ! -f "$dockerfile" ]; then
  echo "geulpu-image: no Dockerfile in GeulPU's source at $REF; give one with GEULPU_DOCKERFILE=/path/to/Dockerfile" >&2
  exit 1
fi
docker build -t "$IMAGE" -f "$dockerfile" \
  --label "org.opencontainers.image.revision=$head" --label "org.opencontainers.image.source=$REPO" "$@" "$src"
echo "geulpu image: built $IMAGE from $REPO at $head"
