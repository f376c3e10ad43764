#include "CBoxIndex.h"

#include <geos/geom/Envelope.h>
#include <geos/index/strtree/TemplateSTRtree.h>
#include <new>

using Tree = geos::index::strtree::TemplateSTRtree<int32_t>;

struct georemind_box_index {
    Tree tree;
};

georemind_box_index *georemind_box_index_make(size_t nodeCapacity, size_t expected) {
    try {
        return new georemind_box_index{Tree(nodeCapacity, expected)};
    } catch (...) {
        // bad_alloc: no exception may cross into Swift.
        return nullptr;
    }
}

void georemind_box_index_free(georemind_box_index *index) { delete index; }

int georemind_box_index_insert(georemind_box_index *index, double minX, double minY, double maxX, double maxY, int32_t item) {
    try {
        index->tree.insert(geos::geom::Envelope(minX, maxX, minY, maxY), item);
        return 1;
    } catch (...) {
        return 0;
    }
}

int georemind_box_index_build(georemind_box_index *index) {
    try {
        index->tree.build();
        return 1;
    } catch (...) {
        return 0;
    }
}

size_t georemind_box_index_query(const georemind_box_index *index, double minX, double minY, double maxX, double maxY,
                                 int32_t *items, size_t capacity) {
    size_t count = 0;
    // Built, so querying writes nothing (TemplateSTRtree::query is not const only because it
    // builds on first use).
    const_cast<Tree &>(index->tree).query(geos::geom::Envelope(minX, maxX, minY, maxY), [&](const int32_t &item) {
        if (count < capacity) items[count] = item;
        count += 1;
    });
    return count;
}
