//! Keys for the TLS tests, made by the distribution's `openssl` command: a CA, a server
//! certificate for 127.0.0.1 and a client certificate it signed, in a scratch folder
//! (`support::redis::tls_server_args` serves TLS with them). [`shared`] makes one CA for the whole
//! test process and makes it the process's Redis TLS setting (the setting is the process's,
//! as the environment is: the first one installed wins, so every in-process TLS test uses it).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Runs `openssl` in `dir`; a missing `openssl` fails the test, naming the package.
pub fn openssl(dir: &Path, args: &[&str]) {
    let output = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| {
            panic!("openssl cannot run ({e}): install the Debian package openssl (.ci/test does)")
        });
    assert!(
        output.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A fresh folder for one test's keys.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parxis-tls-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A CA (`<name>.pem`, `<name>.key`) in `dir`.
pub fn make_ca(dir: &Path, name: &str) {
    openssl(
        dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            &format!("/CN={name}"),
            "-keyout",
            &format!("{name}.key"),
            "-out",
            &format!("{name}.pem"),
            "-addext",
            "basicConstraints=critical,CA:TRUE",
            "-addext",
            "keyUsage=critical,keyCertSign,cRLSign",
        ],
    );
}

/// A certificate `<name>.pem` with its key `<name>.key`, for subject `cn` with the
/// extensions `ext`, signed by CA `ca`.
fn make_signed_cert(dir: &Path, ca: &str, name: &str, cn: &str, ext: &str) {
    let (key, csr, pem, ext_file) = (
        format!("{name}.key"),
        format!("{name}.csr"),
        format!("{name}.pem"),
        format!("{name}.ext"),
    );
    openssl(
        dir,
        &[
            "req",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-subj",
            &format!("/CN={cn}"),
            "-keyout",
            &key,
            "-out",
            &csr,
        ],
    );
    std::fs::write(dir.join(&ext_file), ext).expect("extensions file");
    openssl(
        dir,
        &[
            "x509",
            "-req",
            "-in",
            &csr,
            "-CA",
            &format!("{ca}.pem"),
            "-CAkey",
            &format!("{ca}.key"),
            "-CAcreateserial",
            "-days",
            "2",
            "-out",
            &pem,
            "-extfile",
            &ext_file,
        ],
    );
}

/// A server certificate for 127.0.0.1 (`server.pem`, `server.key`) signed by CA `ca`. It is
/// also a client certificate: cluster nodes present it to each other on the bus, which always
/// asks for one.
pub fn make_server_cert(dir: &Path, ca: &str) {
    make_signed_cert(
        dir,
        ca,
        "server",
        "127.0.0.1",
        "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n\
         keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth,clientAuth\n",
    );
}

/// A client certificate (`client.pem`, `client.key`) signed by CA `ca`.
pub fn make_client_cert(dir: &Path, ca: &str) {
    make_signed_cert(
        dir,
        ca,
        "client",
        "parxis-bot",
        "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n",
    );
}

/// The process's one CA and server certificate (made at the first call), installed as the
/// process's Redis TLS setting (`REDIS_CA_CERT`): its folder.
///
/// # Panics
/// When `openssl` cannot run, or another CA was installed in this process first.
pub fn shared() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = scratch("shared");
        make_ca(&dir, "ca");
        make_server_cert(&dir, "ca");
        let ca = dir.join("ca.pem").to_string_lossy().into_owned();
        let tls =
            parxis::store::tls::Tls::from_vars(|k| (k == "REDIS_CA_CERT").then(|| ca.clone()))
                .expect("the CA file is read");
        assert!(
            parxis::store::tls::install(tls),
            "another Redis CA was installed in this test process first"
        );
        dir
    })
}
