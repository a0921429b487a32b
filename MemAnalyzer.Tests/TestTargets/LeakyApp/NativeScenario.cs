using System.IO.MemoryMappedFiles;
using System.Runtime.InteropServices;

namespace MemAnalyzer.TestTargets.LeakyApp;

/// <summary>Known amounts of memory outside the managed heap: malloc'd and touched, a mapped file, a memfd, a thread's stack.</summary>
public static class NativeScenario
{
    private const int PageSize = 4096;
    private static readonly List<IntPtr> s_blocks = new();
    private static MemoryMappedFile? s_file;
    private static MemoryMappedViewAccessor? s_view;
    private static IntPtr s_shared;
    private static Thread? s_thread;

    public static void Allocate()
    {
        for (long done = 0; done < ExpectedCounts.NativeBytes; done += ExpectedCounts.NativeBlockBytes)
        {
            var block = Marshal.AllocHGlobal(ExpectedCounts.NativeBlockBytes);
            Marshal.WriteByte(block, 1);
            s_blocks.Add(block);
        }

        var path = Path.Combine(Path.GetTempPath(), $"memanalyzer-mapped-{Environment.ProcessId}.bin");
        using (var stream = File.Create(path))
        {
            stream.SetLength(ExpectedCounts.MappedFileBytes);
        }
        s_file = MemoryMappedFile.CreateFromFile(path, FileMode.Open, null, 0, MemoryMappedFileAccess.Read);
        s_view = s_file.CreateViewAccessor(0, ExpectedCounts.MappedFileBytes, MemoryMappedFileAccess.Read);
        long sum = 0;
        for (long offset = 0; offset < ExpectedCounts.MappedFileBytes; offset += PageSize)
        {
            sum += s_view.ReadByte(offset);
        }
        GC.KeepAlive(sum);

        var fd = memfd_create("memanalyzer-test", 0);
        if (fd < 0 || ftruncate(fd, ExpectedCounts.SharedMemoryBytes) != 0)
        {
            throw new InvalidOperationException($"memfd_create failed: {Marshal.GetLastPInvokeError()}");
        }
        s_shared = mmap(IntPtr.Zero, (nuint)ExpectedCounts.SharedMemoryBytes, 3, 1, fd, 0);
        for (long offset = 0; offset < ExpectedCounts.SharedMemoryBytes; offset += PageSize)
        {
            Marshal.WriteByte(s_shared, (int)offset, 1);
        }

        using var started = new ManualResetEventSlim();
        s_thread = new Thread(() => { started.Set(); Thread.Sleep(Timeout.Infinite); }, ExpectedCounts.ThreadStackBytes) { IsBackground = true, Name = "BigStack" };
        s_thread.Start();
        started.Wait();
    }

    [DllImport("libc", SetLastError = true)]
    private static extern int memfd_create(string name, uint flags);

    [DllImport("libc", SetLastError = true)]
    private static extern int ftruncate(int fd, long length);

    [DllImport("libc", SetLastError = true)]
    private static extern IntPtr mmap(IntPtr address, nuint length, int protection, int flags, int fd, nint offset);
}
