// The operations are `static inline` in the header; this file gives the target a source to compile.
#include "CSwivelishAtomics.h"
