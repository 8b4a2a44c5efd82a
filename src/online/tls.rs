//! TLS for `wss://` (rustls with ring's cryptography): the server's certificate and key read
//! from PEM files, and the client's trust in what a server presents.
//!
//! A client trusts Mozilla's roots (compiled in, as browsers do) and the system's
//! (`/etc/ssl/certs`, or the file `SSL_CERT_FILE` names: how a player trusts a server with
//! an authority of its own). Both configurations name their cryptography explicitly, so a
//! second provider pulled in by another crate can never make building one panic.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::{ClientConfig, RootCertStore, ServerConfig};

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The server's side: its certificate chain (`cert`, PEM, the server's own certificate
/// first) and private key (`key`, PEM: PKCS#8, PKCS#1 or SEC1). Errors name the file and
/// what is wrong with it.
pub fn server_config(cert: &Path, key: &Path) -> Result<Arc<ServerConfig>, String> {
    let certs = read_certificates(cert)?;
    let private = PrivateKeyDer::from_pem_file(key).map_err(|e| {
        format!(
            "{}: no private key read ({}; a PEM file with BEGIN PRIVATE KEY is expected)",
            key.display(),
            pem_error(&e)
        )
    })?;
    let config = ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(certs, private)
        .map_err(|e| {
            format!(
                "{} and {}: the key does not fit the certificate or is not usable ({e})",
                cert.display(),
                key.display()
            )
        })?;
    Ok(Arc::new(config))
}

/// Every certificate in a PEM file; at least one.
pub fn read_certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let certs = CertificateDer::pem_file_iter(path)
        .map_err(|e| format!("{}: {}", path.display(), pem_error(&e)))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: {}", path.display(), pem_error(&e)))?;
    if certs.is_empty() {
        return Err(format!(
            "{}: no certificate in it (a PEM file with BEGIN CERTIFICATE is expected)",
            path.display()
        ));
    }
    Ok(certs)
}

fn pem_error(e: &rustls::pki_types::pem::Error) -> String {
    match e {
        rustls::pki_types::pem::Error::Io(io) => io.to_string(),
        rustls::pki_types::pem::Error::NoItemsFound => "nothing of that kind in it".into(),
        other => format!("not readable as PEM: {other:?}"),
    }
}

/// The client's side as the game uses it: Mozilla's roots and the system's. Built once (the
/// system's store is read from disk).
pub fn client_config() -> Arc<ClientConfig> {
    static CONFIG: OnceLock<Arc<ClientConfig>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let mut roots = RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            // A system without a store, or with entries that do not parse, still has
            // Mozilla's roots.
            let native = rustls_native_certs::load_native_certs();
            roots.add_parsable_certificates(native.certs);
            client_config_with(roots)
        })
        .clone()
}

/// A client that trusts `roots` alone (tests, and tools that name their authority).
pub fn client_config_with(roots: RootCertStore) -> Arc<ClientConfig> {
    let config = ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .expect("ring supports the default protocol versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    Arc::new(config)
}

/// The roots in a PEM file of certificates.
pub fn roots_from_file(path: &Path) -> Result<RootCertStore, String> {
    let mut roots = RootCertStore::empty();
    for cert in read_certificates(path)? {
        roots
            .add(cert)
            .map_err(|e| format!("{}: not a usable authority ({e})", path.display()))?;
    }
    Ok(roots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn data(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/tls")
            .join(name)
    }

    #[test]
    fn the_test_certificate_and_key_make_a_server_and_bad_files_say_which_and_why() {
        server_config(&data("server.pem"), &data("server.key")).unwrap();
        assert_eq!(roots_from_file(&data("ca.pem")).unwrap().len(), 1);

        let missing = server_config(&data("nothing.pem"), &data("server.key")).unwrap_err();
        assert!(missing.contains("nothing.pem"), "{missing}");
        // A key where the certificate goes, and a certificate where the key goes.
        let swapped = server_config(&data("server.key"), &data("server.key")).unwrap_err();
        assert!(
            swapped.contains("server.key") && swapped.contains("no certificate"),
            "{swapped}"
        );
        let no_key = server_config(&data("server.pem"), &data("server.pem")).unwrap_err();
        assert!(no_key.contains("no private key"), "{no_key}");
        // A key of another certificate.
        let dir = std::env::temp_dir().join(format!("gomoku-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let other = dir.join("other.key");
        // A valid P-256 PKCS#8 key that is not the certificate's.
        std::fs::write(&other, OTHER_KEY).unwrap();
        let mismatch = server_config(&data("server.pem"), &other).unwrap_err();
        assert!(mismatch.contains("does not fit"), "{mismatch}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Made with `openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256`.
    const OTHER_KEY: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgkxYMc85PVHeQ29Dg
gZ4u2/uyXJ5kEfiEI1HRkonjiFihRANCAAQ8dln5o2CGM4eZSZvuuot/GOpWfee6
DyttMtct4c5BtG/obl8Z2w0MssB9qr1x4gdmZ8vLZ7/Gn654nbFPLgiq
-----END PRIVATE KEY-----
";
}
