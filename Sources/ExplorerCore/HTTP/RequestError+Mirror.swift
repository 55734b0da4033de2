extension RequestError: CustomReflectable {
    /// What `dump`, debuggers and test frameworks show: the request and the sentence describing the failure.
    ///
    /// A transport error from URLSession keeps the live task in its `userInfo`; a default mirror would walk it while
    /// URLSession still works on it from another thread, which races and can crash the process on Linux.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": request, "description": description], displayStyle: .enum)
    }
}
