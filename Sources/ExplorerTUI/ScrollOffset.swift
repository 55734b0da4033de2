/// The scrolling rule shared by lists and tables: move the window as little as possible to show the selection.
public enum ScrollOffset {
    /// The first visible index, starting from `offset`, so that `selection` lies within `visibleCount` rows
    /// and the window never scrolls past the last item.
    public static func keepingVisible(selection: Int?, offset: Int, visibleCount: Int, itemCount: Int) -> Int {
        guard visibleCount > 0, itemCount > 0 else { return 0 }
        var result = min(max(0, offset), max(0, itemCount - visibleCount))
        if let selection {
            let selected = min(max(0, selection), itemCount - 1)
            if selected < result {
                result = selected
            } else if selected >= result + visibleCount {
                result = selected - visibleCount + 1
            }
        }
        return result
    }
}
