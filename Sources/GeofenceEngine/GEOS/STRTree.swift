import CBoxIndex

/// GEOS's STRtree of integer items keyed by boxes, answering "which items' boxes meet this box".
///
/// All items are given at creation and the tree is built at once (GEOS allows no insert after the
/// build), so a query only reads it: engine shards on several threads query one tree at once.
/// Boxes go in and out as plain numbers (`CBoxIndex`), where GEOS's C API wanted a geometry for
/// each insert and each query.
final class STRTree {
    private let pointer: OpaquePointer

    init(entries: [(box: BoundingBox, item: Int32)], nodeCapacity: Int = 10) throws(GEOSError) {
        guard let tree = georemind_box_index_make(nodeCapacity, entries.count) else {
            throw GEOSError.failed(operation: "STRtree_create", message: "out of memory")
        }
        pointer = tree
        for entry in entries {
            let box = entry.box
            guard georemind_box_index_insert(tree, box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude, entry.item) != 0
            else { throw GEOSError.failed(operation: "STRtree_insert", message: "out of memory") }
        }
        guard georemind_box_index_build(tree) != 0 else { throw GEOSError.failed(operation: "STRtree_build", message: "out of memory") }
    }

    deinit {
        georemind_box_index_free(pointer)
    }

    /// Appends to `items` every item whose box meets `box` (an item inserted twice may appear twice).
    func query(_ box: BoundingBox, into items: inout [Int32]) {
        let start = items.count
        var room = 64
        while true {
            // The tree writes into room made at the end of `items`; what it did not fill goes again.
            items.append(contentsOf: repeatElement(0, count: room))
            let found = items.withUnsafeMutableBufferPointer { buffer in
                georemind_box_index_query(
                    pointer, box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude, buffer.baseAddress! + start, room)
            }
            items.removeLast(room - min(found, room))
            if found <= room { return }
            room = found
            items.removeLast(items.count - start)
        }
    }
}
