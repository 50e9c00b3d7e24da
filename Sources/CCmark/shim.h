// cmark, the CommonMark reference library (Debian's libcmark-dev), for the site generator.
#include <cmark.h>
