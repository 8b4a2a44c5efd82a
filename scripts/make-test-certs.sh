#!/usr/bin/env bash
# Makes the TLS files the online tests use (tests/data/tls/): a certificate authority of
# their own and a server certificate it signed for localhost and 127.0.0.1, valid from 2020
# to 2126 so that no test fails on a date (or on a machine whose clock is behind). Test
# files only: their keys are public here, and nothing outside the tests trusts this
# authority (whose key is thrown away).
# Usage: scripts/make-test-certs.sh   (needs openssl; rewrites the folder)
set -euo pipefail
cd "$(dirname "$0")/../tests/data/tls"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/db" && touch "$tmp/db/index" && echo 1000 > "$tmp/db/serial"
cat > "$tmp/ca.cnf" <<CNF
[ca]
default_ca = test
[test]
database = $tmp/db/index
serial = $tmp/db/serial
new_certs_dir = $tmp/db
default_md = sha256
policy = any
unique_subject = no
[any]
commonName = supplied
[authority]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
[server]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost,IP:127.0.0.1
CNF
dates=(-startdate 20200101000000Z -enddate 21260101000000Z)
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1"; }

key "$tmp/ca.key"
openssl req -new -key "$tmp/ca.key" -subj "/CN=gomoku test authority" -out "$tmp/ca.csr"
openssl ca -batch -config "$tmp/ca.cnf" -selfsign -keyfile "$tmp/ca.key" -in "$tmp/ca.csr" \
  -extensions authority "${dates[@]}" -notext -out ca.pem 2>/dev/null

key server.key # PKCS#8, the form rustls reads first
openssl req -new -key server.key -subj "/CN=localhost" -out "$tmp/server.csr"
openssl ca -batch -config "$tmp/ca.cnf" -cert ca.pem -keyfile "$tmp/ca.key" \
  -in "$tmp/server.csr" -extensions server "${dates[@]}" -notext -out server.pem 2>/dev/null
openssl verify -CAfile ca.pem server.pem
