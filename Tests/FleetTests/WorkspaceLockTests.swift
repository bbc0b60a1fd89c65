import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// The workspace lock: one sweep at a time, the refusal names the holder, and a holder's death frees it.
@Suite("Workspace lock")
struct WorkspaceLockTests {
    @Test func aSecondSweepIsRefusedWithTheHoldersPidAndStartTime() throws {
        let folder = TemporaryDirectory("lock")
        let store = RunStore(root: folder.path + "/ws")
        do {
            let held = try store.lock()
            let refusal = try #require(throws: StoreError.self) { try store.lock() }
            #expect(
                refusal.message.hasPrefix("another sweep holds the workspace lock \(folder.path)/ws/lock (pid \(getpid()) started 20"))
            #expect(refusal.message.hasSuffix("Z)"))
            let text = try String(contentsOfFile: folder.path + "/ws/lock", encoding: .utf8)
            #expect(text.hasPrefix("pid \(getpid()) started "))
            withExtendedLifetime(held) {}
        }
        // Released with the value: the next sweep takes it.
        _ = try store.lock()
    }

    @Test func aLockWhoseHolderWasKilledNeverBlocksTheNextSweep() throws {
        let folder = TemporaryDirectory("lock")
        let store = RunStore(root: folder.path)
        // Another process takes the lock the way a sweep does (flock), says so, and is then killed with SIGKILL.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import fcntl, os, sys, time
            f = open(sys.argv[1], "a+")
            fcntl.flock(f, fcntl.LOCK_EX)
            f.truncate(0); f.write("pid %d started 2026-11-30T02:00:00Z\\n" % os.getpid()); f.flush()
            print("held", flush=True)
            time.sleep(60)
            """,
            folder.path + "/lock",
        ]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        _ = output.fileHandleForReading.readData(ofLength: 5)

        let refusal = try #require(throws: StoreError.self) { try store.lock() }
        #expect(refusal.message.contains("(pid \(holder.processIdentifier) started 2026-11-30T02:00:00Z)"))

        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(holder.terminationReason == .uncaughtSignal)
        let lock = try store.lock()
        #expect(try String(contentsOfFile: folder.path + "/lock", encoding: .utf8).hasPrefix("pid \(getpid()) started "))
        withExtendedLifetime(lock) {}
    }
}
