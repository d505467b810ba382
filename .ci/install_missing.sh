# Sourced by the .ci scripts: installs the Debian packages of the array `packages` that are not
# installed yet (as root), or says which are missing and stops. $1 names who needs them.
install_missing() {
  local who=$1 package
  local missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$package")
  done
  ((${#missing[@]})) || return 0
  if [ "$(id -u)" != 0 ]; then
    echo "$who needs these Debian packages; run as root to install them: ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
}
