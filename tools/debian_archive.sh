#!/bin/sh
# Prints the address (URI) of the Debian archive this machine's apt already uses, so that a
# script fetching packages from another suite (tools/newest_loader.sh: unstable's Level Zero
# loader) names no archive host of its own. Exits 1, printing nothing, when none is configured.
#
# The archive is the first `deb` entry, in apt's reading order (SOURCES_LIST, then the files of
# SOURCES_PARTS in name order: *.list one-line entries, *.sources deb822 ones), one of whose
# suites is the regular distribution: this machine's codename (VERSION_CODENAME of
# /etc/os-release, or $OS_RELEASE) or one of Debian's suite names (stable, testing, unstable, sid,
# ...); not its -security, -updates or -backports suites, which live elsewhere or hold only part
# of the distribution, nor a third-party repository with suites of its own. Entries with
# `Enabled: no`, deb-src only or a cdrom: URI do not count.
#
# Usage: tools/debian_archive.sh [SOURCES_LIST [SOURCES_PARTS]]
# (defaults: apt's Dir::Etc::SourceList and Dir::Etc::SourceParts, /etc/apt/sources.list and
# /etc/apt/sources.list.d)
apt_list="" apt_parts=""
if command -v apt-config >/dev/null 2>&1; then
  eval "$(apt-config shell apt_list Dir::Etc::SourceList/f apt_parts Dir::Etc::SourceParts/d)"
fi
list=${1:-${apt_list:-/etc/apt/sources.list}}
parts=${2:-${apt_parts:-/etc/apt/sources.list.d}}
codename=$(sed -n 's/^VERSION_CODENAME=["'\'']*\([^"'\'']*\).*/\1/p' "${OS_RELEASE:-/etc/os-release}" 2>/dev/null)

# apt's reading order: the list, then the parts in name order
parts_files=$(for f in "${parts%/}"/*.list "${parts%/}"/*.sources; do [ -f "$f" ] && echo "$f"; done | LC_ALL=C sort)
files=$( { [ -f "$list" ] && echo "$list"; echo "$parts_files"; } | awk 'NF')
[ -n "$files" ] || exit 1

IFS='
'
uri=$(awk -v codename="$codename" '
  function regular(suites,   n, s, i) {
    n = split(suites, s, " ")
    for (i = 1; i <= n; i++)
      if (s[i] == codename || s[i] ~ /^(oldoldstable|oldstable|stable|testing|unstable|sid)$/) return 1
    return 0
  }
  function found(u) { sub(/\/+$/, "", u); print u; done = 1; exit }
  function paragraph(   n, u, i) {            # a deb822 entry, at its end
    if (types ~ /(^| )deb( |$)/ && tolower(enabled) != "no" && regular(suites)) {
      n = split(uris, u, " ")
      for (i = 1; i <= n; i++) if (u[i] !~ /^cdrom:/) found(u[i])
    }
    types = uris = suites = enabled = key = ""
  }
  FNR == 1 { if (deb822) paragraph(); deb822 = FILENAME ~ /\.sources$/ }
  deb822 && /^[ \t]*#/ { next }
  deb822 && /^[ \t]*$/ { paragraph(); next }
  deb822 && /^[ \t]/ { if (key == "uris") uris = uris " " $0; else if (key == "suites") suites = suites " " $0
                       else if (key == "types") types = types " " $0; next }
  deb822 {
    key = tolower($0); sub(/:.*/, "", key)
    val = $0; sub(/^[^:]*:[ \t]*/, "", val)
    if (key == "types") types = val; else if (key == "uris") uris = val
    else if (key == "suites") suites = val; else if (key == "enabled") enabled = val
    next
  }
  {                                            # one-line format: deb [options] URI SUITE COMPONENTS
    sub(/#.*/, "")
    if ($1 != "deb") next
    i = 2
    if ($2 ~ /^\[/) while (i <= NF && $i !~ /\]$/) i++
    if ($2 ~ /^\[/) i++
    if ($(i + 1) != "" && regular($(i + 1)) && $i !~ /^cdrom:/) found($i)
  }
  END { if (!done && deb822) paragraph() }
' $files)
[ -n "$uri" ] || exit 1
echo "$uri"
