using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace MemAnalyzer.TestTargets.LeakyApp.Finished;

/// <summary>A real native resource: memory from Marshal.AllocHGlobal, freed when the handle is released.</summary>
public sealed class FinishedNativeHandle : SafeHandleZeroOrMinusOneIsInvalid
{
    public FinishedNativeHandle()
        : base(ownsHandle: true) => SetHandle(Marshal.AllocHGlobal(32));

    protected override bool ReleaseHandle()
    {
        Marshal.FreeHGlobal(handle);
        return true;
    }
}
