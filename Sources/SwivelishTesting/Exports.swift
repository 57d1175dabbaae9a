// `TestClock` is a module of its own, which an app may link (for a scripted or demo mode); a test that imports
// SwivelishTesting gets it too.
@_exported import SwivelishTestClock
