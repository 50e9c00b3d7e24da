// SQLite's C API (Debian's libsqlite3-dev), under the CoreData library.
#include <sqlite3.h>
