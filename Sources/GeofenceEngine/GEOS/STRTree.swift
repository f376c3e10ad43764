import CGEOS

/// A GEOS STRtree of integer items keyed by boxes, answering "which items' boxes meet this box".
///
/// GEOS builds the tree on the first query; inserting afterwards is not allowed, so all items are
/// given at creation. Items are stored as pointer-sized integers (item + 1, since 0 is NULL).
final class STRTree {
    private let context: GEOSContext
    private let pointer: OpaquePointer
    init(context: GEOSContext, entries: [(box: BoundingBox, item: Int32)], nodeCapacity: Int = 10) throws(GEOSError) {
        guard let tree = GEOSSTRtree_create_r(context.handle, nodeCapacity) else { throw context.error("STRtree_create") }
        self.context = context
        self.pointer = tree
        for entry in entries {
            // The tree copies the envelope, so the rectangle can go right after the insert.
            let rectangle = try Geometry.rectangle(entry.box, context: context)
            GEOSSTRtree_insert_r(context.handle, tree, rectangle.pointer, UnsafeMutableRawPointer(bitPattern: Int(entry.item) + 1))
        }
    }

    deinit {
        GEOSSTRtree_destroy_r(context.handle, pointer)
    }

    /// Appends to `items` every item whose box meets `box` (an item inserted twice may appear twice).
    func query(_ box: BoundingBox, into items: inout [Int32]) throws(GEOSError) {
        let rectangle = try Geometry.rectangle(box, context: context)
        // The callback appends through a pointer to `items`: no object to retain per item.
        withUnsafeMutablePointer(to: &items) { results in
            GEOSSTRtree_query_r(
                context.handle, pointer, rectangle.pointer,
                { item, userData in
                    guard let userData else { return }
                    userData.assumingMemoryBound(to: [Int32].self).pointee.append(Int32(Int(bitPattern: item) - 1))
                }, results)
        }
    }
}
