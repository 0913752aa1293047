#ifndef CLOYALTY_CRYPTO_SHIM_H
#define CLOYALTY_CRYPTO_SHIM_H

#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>

/// The EVP_CIPHER_CTX_ctrl tag constants are macros; these helpers keep the
/// Swift side free of magic numbers.
static inline int cloyalty_evp_gcm_set_ivlen(EVP_CIPHER_CTX *ctx, int length) {
  return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, length, NULL);
}

static inline int cloyalty_evp_gcm_get_tag(EVP_CIPHER_CTX *ctx, int length, void *tag) {
  return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, length, tag);
}

static inline int cloyalty_evp_gcm_set_tag(EVP_CIPHER_CTX *ctx, int length, void *tag) {
  return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, length, tag);
}

/// EVP_PKEY_CTX_set_rsa_padding and friends are functions in OpenSSL 3 but
/// macros in some builds; wrapping them keeps one call site.
static inline int cloyalty_evp_pkey_set_rsa_padding(EVP_PKEY_CTX *ctx, int padding) {
  return EVP_PKEY_CTX_set_rsa_padding(ctx, padding);
}

static inline int cloyalty_evp_pkey_set_rsa_oaep_sha256(EVP_PKEY_CTX *ctx) {
  if (EVP_PKEY_CTX_set_rsa_oaep_md(ctx, EVP_sha256()) <= 0) {
    return 0;
  }
  return EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, EVP_sha256());
}

static inline int cloyalty_rsa_pkcs1_padding(void) { return RSA_PKCS1_PADDING; }
static inline int cloyalty_rsa_pkcs1_oaep_padding(void) { return RSA_PKCS1_OAEP_PADDING; }

/// EVP_MAC_init takes its digest as an OSSL_PARAM array, built with a macro-named
/// key and terminated by OSSL_PARAM_END; building it here keeps that in C.
static inline int cloyalty_evp_mac_init_with_digest(
    EVP_MAC_CTX *ctx, const unsigned char *key, size_t key_length, const char *digest) {
  OSSL_PARAM params[2];
  params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0);
  params[1] = OSSL_PARAM_construct_end();
  return EVP_MAC_init(ctx, key, key_length, params);
}

/// The key-management selections are composite macros.
static inline int cloyalty_selection_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int cloyalty_selection_key_pair(void) { return EVP_PKEY_KEYPAIR; }

/// OPENSSL_free is a macro that passes the call site to CRYPTO_free.
static inline void cloyalty_openssl_free(void *pointer) { OPENSSL_free(pointer); }

/// EVP_RSA_gen is a macro over the variadic EVP_PKEY_Q_keygen.
static inline EVP_PKEY *cloyalty_rsa_generate(unsigned int bits) { return EVP_RSA_gen(bits); }

/// Decodes one PEM key. A decoder context keeps the pointers it is given (the input
/// type, the key type and the EVP_PKEY ** it fills in) until it is freed, so the whole
/// context lives inside this one call, where Swift's temporary pointers stay valid.
/// Returns NULL when the data is not a key of `keytype` with `selection`.
static inline EVP_PKEY *cloyalty_decode_pem_key(
    const unsigned char *data, size_t length, const char *keytype, int selection) {
  EVP_PKEY *key = NULL;
  OSSL_DECODER_CTX *context =
      OSSL_DECODER_CTX_new_for_pkey(&key, "PEM", NULL, keytype, selection, NULL, NULL);
  if (context == NULL) {
    return NULL;
  }
  if (OSSL_DECODER_from_data(context, &data, &length) != 1) {
    EVP_PKEY_free(key);
    key = NULL;
  }
  OSSL_DECODER_CTX_free(context);
  return key;
}

/// Encodes a key as PEM with `structure` (SubjectPublicKeyInfo, PrivateKeyInfo) into a
/// buffer the caller frees with cloyalty_openssl_free. For the same pointer-lifetime
/// reason as above, the encoder context lives inside this one call.
static inline int cloyalty_encode_pem_key(
    const EVP_PKEY *key, int selection, const char *structure, unsigned char **output,
    size_t *output_length) {
  OSSL_ENCODER_CTX *context =
      OSSL_ENCODER_CTX_new_for_pkey(key, selection, "PEM", structure, NULL);
  if (context == NULL) {
    return 0;
  }
  *output = NULL;
  *output_length = 0;
  int status = OSSL_ENCODER_to_data(context, output, output_length);
  OSSL_ENCODER_CTX_free(context);
  return status;
}

#endif
