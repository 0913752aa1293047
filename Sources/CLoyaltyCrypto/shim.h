#ifndef CLOYALTY_CRYPTO_SHIM_H
#define CLOYALTY_CRYPTO_SHIM_H

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

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

#endif
