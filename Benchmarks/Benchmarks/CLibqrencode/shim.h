// libqrencode, the reference the QR Code encoder is measured against.
#include <qrencode.h>
