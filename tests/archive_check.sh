#!/bin/sh
# tools/debian_archive.sh on made-up apt configurations: the regular distribution's URI from
# deb822 (*.sources) and one-line (sources.list, *.list) entries, in apt's reading order; never a
# -security or -updates suite, a disabled, deb-src only or third-party entry; nothing (status 1)
# when no entry qualifies. Run by `make test` before the legs (a check of the build's tools, not
# counted in the library's totals). Prints a line per failed case and a count; status 1 if any
# failed.
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export OS_RELEASE="$tmp/os-release"
printf 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nVERSION_CODENAME=bookworm\n' >"$OS_RELEASE"
passed=0; failed=0

# case NAME EXPECTED: tools/debian_archive.sh on $tmp/sources.list and $tmp/parts (then emptied)
case_() {
  got=$(sh "$here/tools/debian_archive.sh" "$tmp/sources.list" "$tmp/parts"); rc=$?
  want=$2; want_rc=0; [ -n "$want" ] || want_rc=1
  if [ "$got" = "$want" ] && [ "$rc" = "$want_rc" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL $1: got '$got' (status $rc), expected '$want' (status $want_rc)"
  fi
  rm -rf "$tmp/sources.list" "$tmp/parts"; mkdir -p "$tmp/parts"
}
mkdir -p "$tmp/parts"

cat >"$tmp/parts/debian.sources" <<'EOF'
Types: deb
# http://snapshot.example.org/archive/debian/20250520T000000Z
URIs: http://mirror.example.org/debian/
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://security.example.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
case_ "deb822, as Debian's images have it" http://mirror.example.org/debian

cat >"$tmp/parts/debian.sources" <<'EOF'
Types: deb
URIs: http://security.example.org/debian-security
Suites: bookworm-security
Components: main

types: deb-src deb
uris:
 https://mirror.example.org/debian
suites: bookworm-updates
 bookworm
components: main contrib
EOF
case_ "deb822, security first, keys in lower case, values on continuation lines" https://mirror.example.org/debian

cat >"$tmp/parts/a-vendor.sources" <<'EOF'
Types: deb
URIs: https://vendor.example.org/node_20.x
Suites: nodistro
Components: main

Types: deb
URIs: http://off.example.org/debian
Suites: bookworm
Components: main
Enabled: no

Types: deb-src
URIs: http://src.example.org/debian
Suites: bookworm
Components: main
EOF
cat >"$tmp/parts/debian.sources" <<'EOF'
Types: deb
URIs: http://mirror.example.org/debian
Suites: bookworm
Components: main
EOF
case_ "deb822: a third-party suite, a disabled entry and a deb-src one skipped" http://mirror.example.org/debian

cat >"$tmp/sources.list" <<'EOF'
# deb http://commented.example.org/debian bookworm main
deb http://security.example.org/debian-security bookworm-security main
deb-src http://src.example.org/debian bookworm main
deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://list.example.org/debian bookworm main
EOF
cat >"$tmp/parts/debian.sources" <<'EOF'
Types: deb
URIs: http://mirror.example.org/debian
Suites: bookworm
Components: main
EOF
case_ "one-line sources.list (with options) before the parts" http://list.example.org/debian

cat >"$tmp/sources.list" <<'EOF'
deb [ signed-by=/usr/share/keyrings/debian-archive-keyring.gpg ] http://spaced.example.org/debian/ stable main
EOF
case_ "one-line, options with spaces, suite alias stable" http://spaced.example.org/debian

cat >"$tmp/parts/b.list" <<'EOF'
deb http://b.example.org/debian bookworm main
EOF
cat >"$tmp/parts/a.sources" <<'EOF'
Types: deb
URIs: http://security.example.org/debian-security
Suites: bookworm-security
Components: main
EOF
cat >"$tmp/parts/c.sources" <<'EOF'
Types: deb
URIs: http://c.example.org/debian
Suites: bookworm
Components: main
EOF
case_ "parts in name order, *.list and *.sources mixed" http://b.example.org/debian

cat >"$tmp/parts/debian.sources" <<'EOF'
Types: deb
URIs: http://security.example.org/debian-security
Suites: bookworm-security
Components: main
EOF
cat >"$tmp/parts/other.list.disabled" <<'EOF'
deb http://disabled.example.org/debian bookworm main
EOF
case_ "only a security suite (and a file apt does not read): none" ""

case_ "no sources at all: none" ""

echo "tools/debian_archive.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
