#ifndef GEOREMIND_CLIBXML2_SHIM_H
#define GEOREMIND_CLIBXML2_SHIM_H
// libxml2's SAX2 push parser: GPX is parsed in chunks from a fixed-size buffer.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with Foundation's own ICU copy
// (UErrorCode defined twice). Hiding them only changes xmlCharEncodingHandler's private
// tail, a struct we never allocate or read: we only hold pointers to it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
