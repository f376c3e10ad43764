#ifndef GEOREMIND_CBOXINDEX_H
#define GEOREMIND_CBOXINDEX_H
// GEOS's STRtree (geos::index::strtree::TemplateSTRtree, the class behind GEOS's C API STRtree)
// over 32-bit items, queried with plain boxes. The C API takes and gives geometries: every insert
// and every query made a rectangle on GEOS's one process-wide geometry factory, whose reference
// count (a plain int) each creation and destruction writes, so engines on two threads fought over
// that cache line; and a query's rectangle cost more than the query.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A tree of boxes and their items: filled, built once, then queried (by any number of threads
/// at once once built, since building is the only write).
typedef struct georemind_box_index georemind_box_index;

/// An empty tree with `nodeCapacity` children a node, room for `expected` items; NULL if out of memory.
georemind_box_index *georemind_box_index_make(size_t nodeCapacity, size_t expected);

void georemind_box_index_free(georemind_box_index *index);

/// Adds `item` with its box (degrees: x is longitude, y latitude); 0 if out of memory. Before building only.
int georemind_box_index_insert(georemind_box_index *index, double minX, double minY, double maxX, double maxY, int32_t item);

/// Builds the tree (sorting the boxes); 0 if out of memory. Inserting afterwards is not allowed.
int georemind_box_index_build(georemind_box_index *index);

/// Writes the items whose box meets the query box to `items`, up to `capacity` of them, and
/// returns how many there are (more than `capacity`: ask again with room for all). Built trees only.
size_t georemind_box_index_query(const georemind_box_index *index, double minX, double minY, double maxX, double maxY,
                                 int32_t *items, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
