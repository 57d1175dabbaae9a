import Foundation

/// Runs `body` on a new thread whose stack is `bytes` long (512 KiB by default, the size of a secondary
/// thread's stack on Apple platforms), and returns when it has finished. Code that recurses once per item
/// of a long list crashes there, where the main thread's larger stack would hide it.
package func onThread(withStackSize bytes: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            finished.resume()
        }
        thread.stackSize = bytes
        thread.start()
    }
}
