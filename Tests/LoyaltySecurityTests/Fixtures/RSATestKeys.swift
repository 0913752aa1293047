// Test-only RSA keys, generated once with `openssl genpkey -algorithm RSA
// -pkeyopt rsa_keygen_bits:2048` (and converted with `openssl pkey -pubout`,
// `openssl rsa -RSAPublicKey_out`, `openssl rsa -traditional`). They protect nothing.
//
// The ciphertexts were produced with Python's `cryptography` package from
// `publicKeySPKI`, so decrypting them checks interoperability with another
// implementation.

/// PEM fixtures for the RSA tests.
enum RSATestKeys {
  /// The test key pair, as PKCS #8 (`-----BEGIN PRIVATE KEY-----`).
  static let privateKeyPKCS8 = """
    -----BEGIN PRIVATE KEY-----
    MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDfnNIptnHUtgW/
    hf+/Gfp0mcJyN9bq5q43IiAMfBW2NttEBa+YbqYsV/69oBdsCMvCezsRye88lxIs
    XbnNBmG29BebGmdAR5dB8msOa+S1YsXyZQMlaQgZwbBxiY+vPzwr4Ll+hJCSlGsY
    ys9SUvVmUhpD/QzakBTO1AZWbNELAgOvK/byF9zwsKFLKYahlSsRFMjpKBvS4Zd1
    5WXV8xRtiRV2heRS3194s283QGi8aR4a2QL3Oo/tDqtmI2NLRKhRF3Y5iXlaM74Y
    0VjQHhPQc1p+s/7r20+2cu8/74A67ZfEr/rE1gNi9INi2eqSf6fbLahZAUAmbJ/B
    j5kpXYUjAgMBAAECggEACY6+jYmJSFdhW9l34BdVqlSEyEn/tc7spQRLN2K5sNib
    uvFn8HgmQnXzuETWoMeoIeS6K8f5oZmEGCuyDIPYewU9hGPMBFDVs7wPUbCl4rou
    jhjoL1n+aSTAtxGd98EYVXhyT+iNn15C95kk5GFnBhu97f2ru3nLZzhjxEo8DcrQ
    mX8zinmpXGj/pMxqbytDalrvecGQASuPCbJIO3EngcAi5vYS3eN+TTh/2fwl0+F5
    9/qjk3mL5lg+DIwcsbEvOUv+xQC5BHKMSQAgG8N4hRxnwlHC0tCoSJMYxL8BNN4y
    HN1/9hVbEsyoT4CIqAgA99HIBuD1oZR9Zd6zag4T6QKBgQD8lyqGyBQQgc3ktxkA
    cG1/zZjL0SoYS5AVnkZd9JzIZ3MJodWxnEs3X5m8tIilh8Y9nUPvFEtrDmkHWyYZ
    ymDM8jnDiCw2kIow+7hgo/JXXKRZoUSGq8zl6mH8LX+jvl4kQ4J8oXU0zEDGk+pR
    zOnsB1KTsxTspgnkz0y8czHXaQKBgQDioYVTjtiCefjVPexvI30/nCl2mFjBhfzI
    0Gr1v8q7rmJEZII2xK5OsONAn89+18lCa2apWF/+BgITpmJbsV5buu/ovDmpliR+
    8ZaurJzpn01VB8M7NauFDlXTmjP5cEMUuiJX/YN1yePgAnLdXqJUlnL0iktDx1rE
    HQnDSBtSqwKBgQDMQ1qqoEZJiw77tG3Ngx2pypOTz1QhTYn5UYNKG7RmA/JtiagL
    936ECxWCGuSeKAxSa0kyn9DVhFO/FSDcnmJlmkTIMOjAP2bhcc6KqEokB9EIgneu
    CGSsUTxn+EtOGXZ8EPQG4XKs/bgsXhWRjQpmSw2mT53OOf+qP1Go2+ckcQKBgGoi
    grITH8pbHPGgwm16DVoQ5EoqJsba3Puev7i/TU5/6H1nJKRJj+hCZusI7L/WhuaY
    Lcf5H1tzrN1O+pk+g5YqAdjY7ZhCPG1G7u524DV46Vp8/C1qgR0bDY6/lL+ol4HJ
    efQDQeGT3yg1fV22yAcdPlDPw1fGsPdPMhdGWaVpAoGBAMD24tHB0OYLRs2PYSn2
    krIRRGqDJ85c/VWslSIUvWgOxg+ErEIr3TQn9D6DyME3izkfrUmj0g6GqK+uTDox
    grwWs5c+z3zLUvOMySh55+MUDuA7CWkiJ309uDBX0nXOeaMnjXp5/Eh+ujDXPyLH
    hcW9OesnXGYJjQWrJj7mx45E
    -----END PRIVATE KEY-----
    """

  /// The same key pair, as PKCS #1 (`-----BEGIN RSA PRIVATE KEY-----`).
  static let privateKeyPKCS1 = """
    -----BEGIN RSA PRIVATE KEY-----
    MIIEpAIBAAKCAQEA35zSKbZx1LYFv4X/vxn6dJnCcjfW6uauNyIgDHwVtjbbRAWv
    mG6mLFf+vaAXbAjLwns7EcnvPJcSLF25zQZhtvQXmxpnQEeXQfJrDmvktWLF8mUD
    JWkIGcGwcYmPrz88K+C5foSQkpRrGMrPUlL1ZlIaQ/0M2pAUztQGVmzRCwIDryv2
    8hfc8LChSymGoZUrERTI6Sgb0uGXdeVl1fMUbYkVdoXkUt9feLNvN0BovGkeGtkC
    9zqP7Q6rZiNjS0SoURd2OYl5WjO+GNFY0B4T0HNafrP+69tPtnLvP++AOu2XxK/6
    xNYDYvSDYtnqkn+n2y2oWQFAJmyfwY+ZKV2FIwIDAQABAoIBAAmOvo2JiUhXYVvZ
    d+AXVapUhMhJ/7XO7KUESzdiubDYm7rxZ/B4JkJ187hE1qDHqCHkuivH+aGZhBgr
    sgyD2HsFPYRjzARQ1bO8D1GwpeK6Lo4Y6C9Z/mkkwLcRnffBGFV4ck/ojZ9eQveZ
    JORhZwYbve39q7t5y2c4Y8RKPA3K0Jl/M4p5qVxo/6TMam8rQ2pa73nBkAErjwmy
    SDtxJ4HAIub2Et3jfk04f9n8JdPheff6o5N5i+ZYPgyMHLGxLzlL/sUAuQRyjEkA
    IBvDeIUcZ8JRwtLQqEiTGMS/ATTeMhzdf/YVWxLMqE+AiKgIAPfRyAbg9aGUfWXe
    s2oOE+kCgYEA/JcqhsgUEIHN5LcZAHBtf82Yy9EqGEuQFZ5GXfScyGdzCaHVsZxL
    N1+ZvLSIpYfGPZ1D7xRLaw5pB1smGcpgzPI5w4gsNpCKMPu4YKPyV1ykWaFEhqvM
    5eph/C1/o75eJEOCfKF1NMxAxpPqUczp7AdSk7MU7KYJ5M9MvHMx12kCgYEA4qGF
    U47Ygnn41T3sbyN9P5wpdphYwYX8yNBq9b/Ku65iRGSCNsSuTrDjQJ/PftfJQmtm
    qVhf/gYCE6ZiW7FeW7rv6Lw5qZYkfvGWrqyc6Z9NVQfDOzWrhQ5V05oz+XBDFLoi
    V/2Ddcnj4AJy3V6iVJZy9IpLQ8daxB0Jw0gbUqsCgYEAzENaqqBGSYsO+7RtzYMd
    qcqTk89UIU2J+VGDShu0ZgPybYmoC/d+hAsVghrknigMUmtJMp/Q1YRTvxUg3J5i
    ZZpEyDDowD9m4XHOiqhKJAfRCIJ3rghkrFE8Z/hLThl2fBD0BuFyrP24LF4VkY0K
    ZksNpk+dzjn/qj9RqNvnJHECgYBqIoKyEx/KWxzxoMJteg1aEORKKibG2tz7nr+4
    v01Of+h9ZySkSY/oQmbrCOy/1obmmC3H+R9bc6zdTvqZPoOWKgHY2O2YQjxtRu7u
    duA1eOlafPwtaoEdGw2Ov5S/qJeByXn0A0Hhk98oNX1dtsgHHT5Qz8NXxrD3TzIX
    RlmlaQKBgQDA9uLRwdDmC0bNj2Ep9pKyEURqgyfOXP1VrJUiFL1oDsYPhKxCK900
    J/Q+g8jBN4s5H61Jo9IOhqivrkw6MYK8FrOXPs98y1LzjMkoeefjFA7gOwlpIid9
    PbgwV9J1znmjJ416efxIfrow1z8ix4XFvTnrJ1xmCY0FqyY+5seORA==
    -----END RSA PRIVATE KEY-----
    """

  /// Its public key, as SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`).
  static let publicKeySPKI = """
    -----BEGIN PUBLIC KEY-----
    MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA35zSKbZx1LYFv4X/vxn6
    dJnCcjfW6uauNyIgDHwVtjbbRAWvmG6mLFf+vaAXbAjLwns7EcnvPJcSLF25zQZh
    tvQXmxpnQEeXQfJrDmvktWLF8mUDJWkIGcGwcYmPrz88K+C5foSQkpRrGMrPUlL1
    ZlIaQ/0M2pAUztQGVmzRCwIDryv28hfc8LChSymGoZUrERTI6Sgb0uGXdeVl1fMU
    bYkVdoXkUt9feLNvN0BovGkeGtkC9zqP7Q6rZiNjS0SoURd2OYl5WjO+GNFY0B4T
    0HNafrP+69tPtnLvP++AOu2XxK/6xNYDYvSDYtnqkn+n2y2oWQFAJmyfwY+ZKV2F
    IwIDAQAB
    -----END PUBLIC KEY-----
    """

  /// Its public key, as PKCS #1 (`-----BEGIN RSA PUBLIC KEY-----`).
  static let publicKeyPKCS1 = """
    -----BEGIN RSA PUBLIC KEY-----
    MIIBCgKCAQEA35zSKbZx1LYFv4X/vxn6dJnCcjfW6uauNyIgDHwVtjbbRAWvmG6m
    LFf+vaAXbAjLwns7EcnvPJcSLF25zQZhtvQXmxpnQEeXQfJrDmvktWLF8mUDJWkI
    GcGwcYmPrz88K+C5foSQkpRrGMrPUlL1ZlIaQ/0M2pAUztQGVmzRCwIDryv28hfc
    8LChSymGoZUrERTI6Sgb0uGXdeVl1fMUbYkVdoXkUt9feLNvN0BovGkeGtkC9zqP
    7Q6rZiNjS0SoURd2OYl5WjO+GNFY0B4T0HNafrP+69tPtnLvP++AOu2XxK/6xNYD
    YvSDYtnqkn+n2y2oWQFAJmyfwY+ZKV2FIwIDAQAB
    -----END RSA PUBLIC KEY-----
    """

  /// An unrelated RSA key pair, for wrong-key tests.
  static let otherPrivateKey = """
    -----BEGIN PRIVATE KEY-----
    MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCymXj+sCVOcCon
    Vymm90N1opyHBMvK+fYvDREiA0eghkvTbtL/nYFPSvtACGjzvlaFBo3cv/O8xT1E
    P2CTe2ccFcb3RHocCCewU2q8CWu392YyicyzqmxJcJSxoTvfd1TmvwS2AWq75eLQ
    s9KkBA5aTlrEGrK/MIK5muAQx/ZAXQdrw4iKm1gyeVnvixw+dBkHpjm8joFu9Za5
    YnxvRJ9/WTHJs3cUK49dnInxsnPvezChdC0/601ERrp04ZgqnGq5usUitjiY2jVP
    rAhdx9SeXPo5d5KcrHk1aIqhfFY2sHvbBM/Zv4kQVvB6R2LBXUSIQ3j7lpN5FZq0
    HqsEPDzPAgMBAAECggEAShqs3fxHVm7qxqz/TtRsrKweh1VBm8QwViB1WegDecMP
    RjjHGqGHLFffvRdgOLZinspz5ULOBqbOP3mOgFMlGr2ccy95/RSTJzHNaRz9kXT4
    9gJAKdIOIUCxqaxNM/EHDMD4Wu5mk3UUseTTAxPdwrGdLp4nSXX+37U3wC6/6b8c
    6BSk6oMyuEu/jFe0kV9+8LflUZXMj7tBpCf8kFgZoqh427IVZAcXdhvrn03HRikY
    WVtkWl8Dz8XBnVbp3NdA6nq1aLwVYNiFjGH1AIAcPxCNj+lazGgNd4YPepP07Ojo
    d43no14Sb9Jhg50vARCiKvuKlq5eL3p/pZaYALJuWQKBgQDzlO+AKhgNXIaNvePX
    EUfWrhsyz0bRmXkuY/0sRQqwJAUIEyHPNbM8QV7zEfX82BLNwHUO7DMC6JOzMLr2
    j74Wm6rhYbWpUe5n/ZW1c+MDqkg8+0vGl8xYeQeb9SWAs2/WWlvloykqlSVxg3e7
    lvqa9pMwJfzFlBN0sOKCCtY4iQKBgQC7tG6yUtUtHo6Wgy3rgjZTK9VL7fr0J1YM
    yNG+5L8tN1FcrRzf3opxVBoP5LoLg5zp4Gaz4/fMSuFDbE6+c+8tiQIOamZJFZAD
    VOzy6AnCtAI+V6IMez5gUKUofX0+naqEUAbFAU89nxPw7MwPb8qeRoW7Hi+Y8LMF
    BOnHYdjElwKBgCqnJdk3hcaxMQ6Y9dCvQfkhu7mF+kyxpzqsX6Tk4h498HOdhgoW
    yS//8nR17LE91O0aimT2j2gu+c4i9lo+iXbEA4Q76+eeZTToftKrXFFD/CpRhs9b
    vXiwmNiCcPK8eRT79aOckpTWURwzfT/oDDIeg1+nB0BB0bZZUxCafTChAoGAcn7V
    JyEvt530DAtob0e2K3WJXg+EDHoSGypEBtUxaDtd/dH60vPELuzGGPvEIFHf3Sls
    fD6KYKssTRw7zCCbvILeJjzwt5PXjLC4+FJh4co7tBtwVXy3x7hphhFF3HQAF0VZ
    W8I4u7XVTBilQKVIStNpr4HyNrBcAqvEjkI5H3ECgYEAlcpqHNkR3UT4rroFE8PL
    ADlyHLKGdC96IIy/hClH2b1SXpUU297X+vxGaaBhz5b/dmyqd6wdsfShg27OzuvD
    /LCYbfcBk9MA8h1U0t35DVzomozRLAXAUIAkRT3ZJw+Tw24W2j/Ps5G4l2YZzQ2l
    89ARF81cYVCAwn4YIsNKIRU=
    -----END PRIVATE KEY-----
    """

  /// A P-256 public key: valid PEM, but not RSA.
  static let ecPublicKey = """
    -----BEGIN PUBLIC KEY-----
    MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEhKi2RE3P2xjWYWLSyYjKdW3BcNon
    kzxS6fuXVSBFjQNeRwGn4epSl0P6MtH7MEPy3BnIF+kFliS5UUWjlmNzTw==
    -----END PUBLIC KEY-----
    """

  /// `"1234"` encrypted to `publicKeySPKI` with OAEP (SHA-256, MGF1-SHA-256), base64.
  static let oaepCiphertextOf1234 =
    "zc/s0ZuJn7337gL5JFyOEBoEQqCGz95LsCr2WspQEsuBSWkksK9qvuez6UeyncnYvYqpnxadpfp4CMSE"
    + "i0EUM1zpMz9kg2G40WP1gWAHb6SvpxqdIootuilpFWm6hfgfX/LUJ60P2s/eKQTLYZmFyP9GNK0cbPXw"
    + "XkJLleF6GGTeM0coSGDIRwDlQgQ/aI8gmtc9cG5kQjA1oq1nctQt8TBnHTY7BX+kzAKxS6DYNyyRQxgp"
    + "wNkiJvLnECsSWK/FzmCdRH6lqNiiy/wUEbXlMcth3zLehwOQPxdVkL4B3Qpf/izv/nJSsyvprid5LxBT"
    + "6jGyh28f05wiYqeB4sinJg=="

  /// `"1234"` encrypted to `publicKeySPKI` with PKCS #1 v1.5 padding, base64.
  static let pkcs1CiphertextOf1234 =
    "rVSn6q71J2z0QoeL8ejmAYQAR4feOI69vUZfMJOPK/L2UJds6jjZUGaS5/R1yvyLQNzQckyhL7wMjv5W"
    + "Q+J47LOuB9zqGISVbIPkJyjgaOls48DLIOsHGxyC0fQe9Esgzr2c9GHGs8B1wXqRGKf3C8yuKx+se4fA"
    + "t5sW5prnsnnCra1kUl5hdcqfKb9n0uEulh7vyh4kkfCp+4gVkpPC9tLr321dmwU90dsEw0BpJJzi6Mav"
    + "T+0uM6Dot2W0pn9P0v76B8oVzFYVy76ahpT5HUnuXmaBAYKY+hQmnY8Ec8qpQZo9CHoWhbkFh+PlFtSv"
    + "wHrUM+MdcbQsT4wts5DqDA=="
}
