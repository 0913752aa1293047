// RSA keys in every PEM form the SDK reads, written by the `openssl` command-line tool
// (OpenSSL 3.0), so the pure-Swift DER code is checked against bytes it did not write.
// They protect nothing. Produced with:
//
//   openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out k2048.pem  # PKCS #8
//   openssl pkey -in k2048.pem -pubout                        # SubjectPublicKeyInfo
//   openssl rsa -pubin -in spki.pem -RSAPublicKey_out         # PKCS #1 public
//   openssl pkey -in k2048.pem -traditional                   # PKCS #1 private
//
// and the same with rsa_keygen_bits:3072; the elliptic-curve key with
//
//   openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ec.pem
//   openssl pkey -in ec.pem -pubout

/// PEM fixtures for the DER tests: one RSA key of 2048 bits and one of 3072, in all four
/// forms, and an elliptic-curve public key.
enum RSAKeyFormats {
  /// The 2048-bit key pair as PKCS #8 (`-----BEGIN PRIVATE KEY-----`).
  static let rsa2048PrivateKeyPKCS8 = """
    -----BEGIN PRIVATE KEY-----
    MIIEuwIBADANBgkqhkiG9w0BAQEFAASCBKUwggShAgEAAoIBAQDcinTk3uEllhJv
    1zohkUeAFUO7vZ2vaaH9E5rRhYdZ3AkvZqgo/yZlBl85smjar2p+8rlCHA+eDtW6
    yMV9jQqoy8knsmUr9G0Br/55ZQp9mq6HZSmVXIQMjKDAwVhWlso+ps8lnpd+JBfK
    4fPLpRgtaS7sQpiayOoOi/Khg0CrME7XjIW3I21xqJss1E19HfW5HPzxOqxB8aRi
    MxTdRpW7sPn8IPPnAXDzbPtAfZOCBNdjGFvEr8sT/IOLfyK76+lOiAJoXvCUYtZz
    d7w4EPj5qzeB0z5/VyhlrgwABY4e0CP4E36vbEsGHLHOPF8LxDHKK/CbUWWV7atV
    40tbC/PpAgMBAAECggEAH4iXOOJlbuphAyd9uFmoJOLlfG1Fo/8xRO5jWfIDGGYj
    KhPo7MkOxFh/j9BiuGIR6B+XPaH62a66q1UUZ+SdfDp8g0s5YWo26+GDkU1ROARr
    UBC25r8Dt9z5CevwpZuJ73YKcxE/Yq87zQE3IAx1wzMhnRvTQM6EKPBPEP5OENaN
    +kqK2A3OqUFRV+h3Vg+0t6I3YlHD4K0wu1q5Ctq4wGRm8Ga+mKHr3lwLQiPDRnMZ
    Pj0V08fMzKUMeBodezzEeoOETF3nwviB8yWzGIkA2eZQ/KPxju7hM/OyO6J3MZig
    Z/sXdUjt2dcOb14b1tn2aUEFAObkHbXRLcrwJw2CwQKBgQD/RjedbMMxqYBEYTxm
    vJjv3kX3xgOVL/D4NfdYsHAS6NSb2N/BXlSnh9CeSwjAFDAweLSW4kU1JdShKBr3
    IkfeD/mo0dEk9utilVpvedJWmEb7CVSuwHbIz/qi3ND75rBydkZQEIjmREreQjYO
    Xs7mHyyGw/1656OD7t6M+7WerwKBgQDdKvYPaecd3ZOUB6V47qkndRh3toxyy+Pu
    O/KeJ1gWjeAZ9pZQth6/y9mWRQlwzPI88/qbMJPzDwi/D26ncnVH8wJcpqqtbkBj
    YE9AQsuQYTIbwKDZ1G2zk/bZDj3Ron3okO6QOzeGMXCP6Tkmk+Jt0f0hOoSXET3x
    +f4+PsN85wKBgGnXjlWqc+BSfEld27JpPiwuh+os4u1nfE0d6xmNxlpAyW545IWD
    fCweRuRrDgy+EiD220G4PaPEtL3BKDURtKShEQ3rOQFPk9dDP8T6yLh42O1bOA5g
    5J9shGokjk3zn3NGEO8/e9OluzkeUNVyf+ywPkD+YEomYwjf8MyZzPsnAoGBAI6A
    5uiJkQvyP+uqfZkNFdrBnRFNgvNYojVXVP1IVn65zYKNGs9IeUmVXE5xjyKqOw7B
    GWEzDLEYp8cLd33WxvCkCIqQLPrwRfaCEK5UG3uc1L+C/2E7ea+yj+PNRFG1xDC8
    aapvLVh+tItVd6h+su+V1Oa7IMGBr4shTArpP+ZTAn89gXVixT3eNX2t00lunJlz
    CQZwj+EQUKaLvF20W46VQmB/WC33r145YAsE6dveH4a+VRm6v450+qhfzASeC3ZR
    U2zU5hH7pl+7hAa9eMKMoR92AmuDXYHwJnbETFF1Zkkf/CSPpgXuHKl6CMV/JKlf
    qWvqH5+xhj3jq4+SMXjk
    -----END PRIVATE KEY-----
    """

  /// The 2048-bit key pair as PKCS #1 (`-----BEGIN RSA PRIVATE KEY-----`).
  static let rsa2048PrivateKeyPKCS1 = """
    -----BEGIN RSA PRIVATE KEY-----
    MIIEoQIBAAKCAQEA3Ip05N7hJZYSb9c6IZFHgBVDu72dr2mh/ROa0YWHWdwJL2ao
    KP8mZQZfObJo2q9qfvK5QhwPng7VusjFfY0KqMvJJ7JlK/RtAa/+eWUKfZquh2Up
    lVyEDIygwMFYVpbKPqbPJZ6XfiQXyuHzy6UYLWku7EKYmsjqDovyoYNAqzBO14yF
    tyNtcaibLNRNfR31uRz88TqsQfGkYjMU3UaVu7D5/CDz5wFw82z7QH2TggTXYxhb
    xK/LE/yDi38iu+vpTogCaF7wlGLWc3e8OBD4+as3gdM+f1coZa4MAAWOHtAj+BN+
    r2xLBhyxzjxfC8Qxyivwm1Flle2rVeNLWwvz6QIDAQABAoIBAB+IlzjiZW7qYQMn
    fbhZqCTi5XxtRaP/MUTuY1nyAxhmIyoT6OzJDsRYf4/QYrhiEegflz2h+tmuuqtV
    FGfknXw6fINLOWFqNuvhg5FNUTgEa1AQtua/A7fc+Qnr8KWbie92CnMRP2KvO80B
    NyAMdcMzIZ0b00DOhCjwTxD+ThDWjfpKitgNzqlBUVfod1YPtLeiN2JRw+CtMLta
    uQrauMBkZvBmvpih695cC0Ijw0ZzGT49FdPHzMylDHgaHXs8xHqDhExd58L4gfMl
    sxiJANnmUPyj8Y7u4TPzsjuidzGYoGf7F3VI7dnXDm9eG9bZ9mlBBQDm5B210S3K
    8CcNgsECgYEA/0Y3nWzDMamARGE8ZryY795F98YDlS/w+DX3WLBwEujUm9jfwV5U
    p4fQnksIwBQwMHi0luJFNSXUoSga9yJH3g/5qNHRJPbrYpVab3nSVphG+wlUrsB2
    yM/6otzQ++awcnZGUBCI5kRK3kI2Dl7O5h8shsP9euejg+7ejPu1nq8CgYEA3Sr2
    D2nnHd2TlAeleO6pJ3UYd7aMcsvj7jvynidYFo3gGfaWULYev8vZlkUJcMzyPPP6
    mzCT8w8Ivw9up3J1R/MCXKaqrW5AY2BPQELLkGEyG8Cg2dRts5P22Q490aJ96JDu
    kDs3hjFwj+k5JpPibdH9ITqElxE98fn+Pj7DfOcCgYBp145VqnPgUnxJXduyaT4s
    LofqLOLtZ3xNHesZjcZaQMlueOSFg3wsHkbkaw4MvhIg9ttBuD2jxLS9wSg1EbSk
    oREN6zkBT5PXQz/E+si4eNjtWzgOYOSfbIRqJI5N859zRhDvP3vTpbs5HlDVcn/s
    sD5A/mBKJmMI3/DMmcz7JwKBgQCOgOboiZEL8j/rqn2ZDRXawZ0RTYLzWKI1V1T9
    SFZ+uc2CjRrPSHlJlVxOcY8iqjsOwRlhMwyxGKfHC3d91sbwpAiKkCz68EX2ghCu
    VBt7nNS/gv9hO3mvso/jzURRtcQwvGmqby1YfrSLVXeofrLvldTmuyDBga+LIUwK
    6T/mUwJ/PYF1YsU93jV9rdNJbpyZcwkGcI/hEFCmi7xdtFuOlUJgf1gt969eOWAL
    BOnb3h+GvlUZur+OdPqoX8wEngt2UVNs1OYR+6Zfu4QGvXjCjKEfdgJrg12B8CZ2
    xExRdWZJH/wkj6YF7hypegjFfySpX6lr6h+fsYY946uPkjF45A==
    -----END RSA PRIVATE KEY-----
    """

  /// The 2048-bit public key as SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`).
  static let rsa2048PublicKeySPKI = """
    -----BEGIN PUBLIC KEY-----
    MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3Ip05N7hJZYSb9c6IZFH
    gBVDu72dr2mh/ROa0YWHWdwJL2aoKP8mZQZfObJo2q9qfvK5QhwPng7VusjFfY0K
    qMvJJ7JlK/RtAa/+eWUKfZquh2UplVyEDIygwMFYVpbKPqbPJZ6XfiQXyuHzy6UY
    LWku7EKYmsjqDovyoYNAqzBO14yFtyNtcaibLNRNfR31uRz88TqsQfGkYjMU3UaV
    u7D5/CDz5wFw82z7QH2TggTXYxhbxK/LE/yDi38iu+vpTogCaF7wlGLWc3e8OBD4
    +as3gdM+f1coZa4MAAWOHtAj+BN+r2xLBhyxzjxfC8Qxyivwm1Flle2rVeNLWwvz
    6QIDAQAB
    -----END PUBLIC KEY-----
    """

  /// The 2048-bit public key as PKCS #1 (`-----BEGIN RSA PUBLIC KEY-----`).
  static let rsa2048PublicKeyPKCS1 = """
    -----BEGIN RSA PUBLIC KEY-----
    MIIBCgKCAQEA3Ip05N7hJZYSb9c6IZFHgBVDu72dr2mh/ROa0YWHWdwJL2aoKP8m
    ZQZfObJo2q9qfvK5QhwPng7VusjFfY0KqMvJJ7JlK/RtAa/+eWUKfZquh2UplVyE
    DIygwMFYVpbKPqbPJZ6XfiQXyuHzy6UYLWku7EKYmsjqDovyoYNAqzBO14yFtyNt
    caibLNRNfR31uRz88TqsQfGkYjMU3UaVu7D5/CDz5wFw82z7QH2TggTXYxhbxK/L
    E/yDi38iu+vpTogCaF7wlGLWc3e8OBD4+as3gdM+f1coZa4MAAWOHtAj+BN+r2xL
    BhyxzjxfC8Qxyivwm1Flle2rVeNLWwvz6QIDAQAB
    -----END RSA PUBLIC KEY-----
    """

  /// The 3072-bit key pair as PKCS #8 (`-----BEGIN PRIVATE KEY-----`).
  static let rsa3072PrivateKeyPKCS8 = """
    -----BEGIN PRIVATE KEY-----
    MIIG/QIBADANBgkqhkiG9w0BAQEFAASCBucwggbjAgEAAoIBgQC8vHw1GvFSOxE+
    m1l7t1t5MCeyeUDB3EHAYZc6BNep3hQfyQ1Uv1xdSGpn3fxQGH9YFia/OJ2+MJOB
    /W/+7Y4KHPwdSFVnv+XVChEmNVC8EYt8oN044CGsu5OOoO4Q4muBxfp68dHnHBso
    azV29nBBoRw0FL/sxkx0rqz87p2sdTb5MVdc3E1NT+2Ru1V6O0qFFK5eqRZgjije
    AIfcWv2RID5XO3t+1qf8uW0IgdHpvhpKdmzyuO0sKy618DHFgdvrTi7O/VSYHNEx
    o+FijvhhI/GrMN/VWA3IptuQraWVOMtfg2v2a1XGoR7MlxfjONrkT7Ld4EJFbofz
    +fIOswyZ7fIWktIWufWF44VW3ukNRvaS029LvZIO1rObFVLwNh2rOyyFeQsJ3cI5
    A7t2ulzTJCNmDiINTN26w47jtrEJXkZY0wfoEZnDbRouvsvjt5srgKSoRu+7AsSC
    gvyPkpfdcoAGVjnEmB/MZBrJpQN+2gO5i2KkGMSBvGMaKWHyM8MCAwEAAQKCAYBZ
    DaqhuBvDzCEf5Fc9m8+qiAFDIhlfH5lat/GOK7jC6wmd0dTbdwuS7FdguQqTlGuJ
    2bHgqksr8Wm4fSf6JobN2M1Q18+Mi6xbcEuVNrToeHLTlGetrXvWMA+4zdBm4R8O
    9aZxmmaLYOSjlqp8fl2LagSPwnaotwxeRglTsxdsx0XwIMrzAvPqldsn1zfG2/EW
    iCKagbgQSSOZVLDGVZytfIRNzsA/ofNTuP5sdCzi2JM5LVXM1Vr7a0i4CiTB57pW
    orYoq74p+xkYMS3mbNRbLvhjOq8g9ceQCjvlcKAMIG9VPqI2IsgW/HPtk/s4jANw
    nPEI4EFydeVauw3PcGSDKoBA3T0TV4Ajw30iVN+pZq4yG1z0r4lIlnbMDS1AleK6
    cnqS0KazS+p0XX0c8SD/84y9DcBBTYZKb6iAqlpj/KxOLgMoIlLAnUVsTcO6BZUw
    amqzjrbYTOnbC6QouJuyZVD/QF/QlbJyTdi08gjTt18iv2+dI5k7oCKAUn5frMEC
    gcEA+5BeaDAP9/X5DsboMG1cQmCGSIYC6xoFTnp+4f4JliDAorAdKveVebP88oX0
    QmLMvQevQ4Hv8pcE3OdQYYt3p3lEz1pDnp8EqbzRvtocZY1JWp5gMkDrMhDnHzFB
    TEJHQq7kEsvniFRW+0nFLyz2/1kF6PNt8YtDrD/Ry8kwbS6iHu2NfvXshpUwREV3
    RCRwQEs2TkOia2XmLMVI6IcLtsbSNmkiC4Se7v4GEixCm8AaKiGjqySAA//rRbBt
    +WRjAoHBAMAQfpKMAk7LpXO34Eno5RAj/kNfpg40l1Ww6WN8pGBhXsbPSfQiJZmG
    IVi48LoVgtXkFe7y4xxh11hFmTyDkOkopHmZv4Plw2Q9A2a6TNS1YiR3ZSWvf9gd
    JtMILYId2VYVvbyzswqRXDRuE3/erYUCa0LrBj2Ac80uGuM8SAXanhnnuAkUkPmW
    cBD57jXQFpx/sHtDw6ufmWHwigQsXmdAiKDRU1qv898cKTVAQxISj+jzMWt0QIYa
    VIJyp86hIQKBwEdmZXU61v1w4fywtewwzfPFA7gH2UIzQ3hPyj2IZd4nc6V5SP4O
    AW3miQ+ot3g0JJouWS9W7Oy0slukh6r388Ej6UTVAMY/qgonHn0F2PN103EV7IW2
    6Upvg7nVuAvV7/XcP72aBCAsl/eAq6fFImG9ObExjm31MgLspjYp50XF65vNntB/
    Kl/UbjuiX8SGdxm4fzRde/bxmA/y+suMsOVyru1kj5YnURjSHpT/3PPp5UM6AwMr
    O+5mr7c66SvUswKBwQCAxk5nKZKejDI5vS6Xv5xdzxQ6zhXDboWNQdmqB7canA50
    1CUsl/yHzAPtvcpBqgyYJp6CIL4fmIZPPBL7HOd7PPHSSkC7ScFRIwt1xDGhaKAN
    /TOHKf1YxGr0kYYZuLOw4VDfBclkq4Ob77YJRR8okC+kpXoAoHCEQIZsl01fB257
    xf6BsBVoEvK+nySVVhjjA0Yrz4qRNqgbn7CaDbmaFw3EbbUql9C2ZeZHOvf9VQ7C
    TNR0zHQ6tcq1z/QtOaECgcAFKFEwieFxtz58T3silMfBCJDA40Mwhynys03fLUVa
    zRnthkLL2iV4Y87dPRKl4joBsnhm7ftwKw5hjI67pteuRkuQRb+D0EfQb3OZGOCk
    62XKnrdq3FWJNQq3zvX5sN3ELtccKbVJmECAAyuHS/Nkw0kp6jzAoXMWqJO9AgbV
    VWmFJOLGm2O7NVHdXmKjlxf8xACYYpl/1arop34zhpjfMECk1rxiy4/EoAAYJVsP
    NEAw9ajAfAub9kBuUd7cnnw=
    -----END PRIVATE KEY-----
    """

  /// The 3072-bit key pair as PKCS #1 (`-----BEGIN RSA PRIVATE KEY-----`).
  static let rsa3072PrivateKeyPKCS1 = """
    -----BEGIN RSA PRIVATE KEY-----
    MIIG4wIBAAKCAYEAvLx8NRrxUjsRPptZe7dbeTAnsnlAwdxBwGGXOgTXqd4UH8kN
    VL9cXUhqZ938UBh/WBYmvzidvjCTgf1v/u2OChz8HUhVZ7/l1QoRJjVQvBGLfKDd
    OOAhrLuTjqDuEOJrgcX6evHR5xwbKGs1dvZwQaEcNBS/7MZMdK6s/O6drHU2+TFX
    XNxNTU/tkbtVejtKhRSuXqkWYI4o3gCH3Fr9kSA+Vzt7ftan/LltCIHR6b4aSnZs
    8rjtLCsutfAxxYHb604uzv1UmBzRMaPhYo74YSPxqzDf1VgNyKbbkK2llTjLX4Nr
    9mtVxqEezJcX4zja5E+y3eBCRW6H8/nyDrMMme3yFpLSFrn1heOFVt7pDUb2ktNv
    S72SDtazmxVS8DYdqzsshXkLCd3COQO7drpc0yQjZg4iDUzdusOO47axCV5GWNMH
    6BGZw20aLr7L47ebK4CkqEbvuwLEgoL8j5KX3XKABlY5xJgfzGQayaUDftoDuYti
    pBjEgbxjGilh8jPDAgMBAAECggGAWQ2qobgbw8whH+RXPZvPqogBQyIZXx+ZWrfx
    jiu4wusJndHU23cLkuxXYLkKk5Rridmx4KpLK/FpuH0n+iaGzdjNUNfPjIusW3BL
    lTa06Hhy05Rnra171jAPuM3QZuEfDvWmcZpmi2Dko5aqfH5di2oEj8J2qLcMXkYJ
    U7MXbMdF8CDK8wLz6pXbJ9c3xtvxFogimoG4EEkjmVSwxlWcrXyETc7AP6HzU7j+
    bHQs4tiTOS1VzNVa+2tIuAokwee6VqK2KKu+KfsZGDEt5mzUWy74YzqvIPXHkAo7
    5XCgDCBvVT6iNiLIFvxz7ZP7OIwDcJzxCOBBcnXlWrsNz3BkgyqAQN09E1eAI8N9
    IlTfqWauMhtc9K+JSJZ2zA0tQJXiunJ6ktCms0vqdF19HPEg//OMvQ3AQU2GSm+o
    gKpaY/ysTi4DKCJSwJ1FbE3DugWVMGpqs4622Ezp2wukKLibsmVQ/0Bf0JWyck3Y
    tPII07dfIr9vnSOZO6AigFJ+X6zBAoHBAPuQXmgwD/f1+Q7G6DBtXEJghkiGAusa
    BU56fuH+CZYgwKKwHSr3lXmz/PKF9EJizL0Hr0OB7/KXBNznUGGLd6d5RM9aQ56f
    BKm80b7aHGWNSVqeYDJA6zIQ5x8xQUxCR0Ku5BLL54hUVvtJxS8s9v9ZBejzbfGL
    Q6w/0cvJMG0uoh7tjX717IaVMERFd0QkcEBLNk5Domtl5izFSOiHC7bG0jZpIguE
    nu7+BhIsQpvAGioho6skgAP/60WwbflkYwKBwQDAEH6SjAJOy6Vzt+BJ6OUQI/5D
    X6YONJdVsOljfKRgYV7Gz0n0IiWZhiFYuPC6FYLV5BXu8uMcYddYRZk8g5DpKKR5
    mb+D5cNkPQNmukzUtWIkd2Ulr3/YHSbTCC2CHdlWFb28s7MKkVw0bhN/3q2FAmtC
    6wY9gHPNLhrjPEgF2p4Z57gJFJD5lnAQ+e410Bacf7B7Q8Orn5lh8IoELF5nQIig
    0VNar/PfHCk1QEMSEo/o8zFrdECGGlSCcqfOoSECgcBHZmV1Otb9cOH8sLXsMM3z
    xQO4B9lCM0N4T8o9iGXeJ3OleUj+DgFt5okPqLd4NCSaLlkvVuzstLJbpIeq9/PB
    I+lE1QDGP6oKJx59BdjzddNxFeyFtulKb4O51bgL1e/13D+9mgQgLJf3gKunxSJh
    vTmxMY5t9TIC7KY2KedFxeubzZ7Qfypf1G47ol/EhncZuH80XXv28ZgP8vrLjLDl
    cq7tZI+WJ1EY0h6U/9zz6eVDOgMDKzvuZq+3Oukr1LMCgcEAgMZOZymSnowyOb0u
    l7+cXc8UOs4Vw26FjUHZqge3GpwOdNQlLJf8h8wD7b3KQaoMmCaegiC+H5iGTzwS
    +xznezzx0kpAu0nBUSMLdcQxoWigDf0zhyn9WMRq9JGGGbizsOFQ3wXJZKuDm++2
    CUUfKJAvpKV6AKBwhECGbJdNXwdue8X+gbAVaBLyvp8klVYY4wNGK8+KkTaoG5+w
    mg25mhcNxG21KpfQtmXmRzr3/VUOwkzUdMx0OrXKtc/0LTmhAoHABShRMInhcbc+
    fE97IpTHwQiQwONDMIcp8rNN3y1FWs0Z7YZCy9oleGPO3T0SpeI6AbJ4Zu37cCsO
    YYyOu6bXrkZLkEW/g9BH0G9zmRjgpOtlyp63atxViTUKt871+bDdxC7XHCm1SZhA
    gAMrh0vzZMNJKeo8wKFzFqiTvQIG1VVphSTixptjuzVR3V5io5cX/MQAmGKZf9Wq
    6Kd+M4aY3zBApNa8YsuPxKAAGCVbDzRAMPWowHwLm/ZAblHe3J58
    -----END RSA PRIVATE KEY-----
    """

  /// The 3072-bit public key as SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`).
  static let rsa3072PublicKeySPKI = """
    -----BEGIN PUBLIC KEY-----
    MIIBojANBgkqhkiG9w0BAQEFAAOCAY8AMIIBigKCAYEAvLx8NRrxUjsRPptZe7db
    eTAnsnlAwdxBwGGXOgTXqd4UH8kNVL9cXUhqZ938UBh/WBYmvzidvjCTgf1v/u2O
    Chz8HUhVZ7/l1QoRJjVQvBGLfKDdOOAhrLuTjqDuEOJrgcX6evHR5xwbKGs1dvZw
    QaEcNBS/7MZMdK6s/O6drHU2+TFXXNxNTU/tkbtVejtKhRSuXqkWYI4o3gCH3Fr9
    kSA+Vzt7ftan/LltCIHR6b4aSnZs8rjtLCsutfAxxYHb604uzv1UmBzRMaPhYo74
    YSPxqzDf1VgNyKbbkK2llTjLX4Nr9mtVxqEezJcX4zja5E+y3eBCRW6H8/nyDrMM
    me3yFpLSFrn1heOFVt7pDUb2ktNvS72SDtazmxVS8DYdqzsshXkLCd3COQO7drpc
    0yQjZg4iDUzdusOO47axCV5GWNMH6BGZw20aLr7L47ebK4CkqEbvuwLEgoL8j5KX
    3XKABlY5xJgfzGQayaUDftoDuYtipBjEgbxjGilh8jPDAgMBAAE=
    -----END PUBLIC KEY-----
    """

  /// The 3072-bit public key as PKCS #1 (`-----BEGIN RSA PUBLIC KEY-----`).
  static let rsa3072PublicKeyPKCS1 = """
    -----BEGIN RSA PUBLIC KEY-----
    MIIBigKCAYEAvLx8NRrxUjsRPptZe7dbeTAnsnlAwdxBwGGXOgTXqd4UH8kNVL9c
    XUhqZ938UBh/WBYmvzidvjCTgf1v/u2OChz8HUhVZ7/l1QoRJjVQvBGLfKDdOOAh
    rLuTjqDuEOJrgcX6evHR5xwbKGs1dvZwQaEcNBS/7MZMdK6s/O6drHU2+TFXXNxN
    TU/tkbtVejtKhRSuXqkWYI4o3gCH3Fr9kSA+Vzt7ftan/LltCIHR6b4aSnZs8rjt
    LCsutfAxxYHb604uzv1UmBzRMaPhYo74YSPxqzDf1VgNyKbbkK2llTjLX4Nr9mtV
    xqEezJcX4zja5E+y3eBCRW6H8/nyDrMMme3yFpLSFrn1heOFVt7pDUb2ktNvS72S
    DtazmxVS8DYdqzsshXkLCd3COQO7drpc0yQjZg4iDUzdusOO47axCV5GWNMH6BGZ
    w20aLr7L47ebK4CkqEbvuwLEgoL8j5KX3XKABlY5xJgfzGQayaUDftoDuYtipBjE
    gbxjGilh8jPDAgMBAAE=
    -----END RSA PUBLIC KEY-----
    """

  /// A P-256 elliptic-curve public key as SubjectPublicKeyInfo (algorithm 1.2.840.10045.2.1).
  static let ecP256PublicKeySPKI = """
    -----BEGIN PUBLIC KEY-----
    MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEnQE+UTNhaCDaaN7mgNKiT5sDLgt8
    0szxYwehik/MlN3ld+UcQ5x3lueDpbm88PnxfgvyuLJvdaKmYicI6JW5PQ==
    -----END PUBLIC KEY-----
    """
}
