# The .deb's Maintainer field as dpkg and Debian policy 5.6.2 want it: a name, then an e-mail
# address in angle brackets ("Ada Lovelace <ada@example.org>"). Sourced by package.sh;
# tests/package/MaintainerField.cmake checks which values pass.
is_maintainer_field() {
  grep -Eq '^[^<>]*[^<> ] <[^<>@ ]+@[^<>@ ]+>$' <<<"$1"
}
