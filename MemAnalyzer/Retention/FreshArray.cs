using System.Runtime.CompilerServices;

namespace MemAnalyzer.Retention;

/// <summary>
/// Large arrays whose pages are faulted in on every core at once, before a phase on one thread fills them. The kernel
/// clears each fresh page on its first write: the depth-first numbering, the predecessor rows, Semi-NCA and the
/// retained sizes fill their fresh arrays on one thread, and half of their time at 10^8 objects was that clearing
/// (docs/performance.md, "The live graph read on both cores"). Every page is written by the phase anyway, so the peak
/// memory does not change; arrays under 16 MiB are left as they are.
/// </summary>
internal static class FreshArray
{
    private const long MinBytes = 16L << 20;

    /// <summary>One write per 4 KiB page; 2 MiB per task, so that a huge page is faulted by one thread.</summary>
    private const int PageBytes = 4096;
    private const int ChunkBytes = 2 << 20;

    public static T[] New<T>(int length)
        where T : unmanaged
    {
        var array = new T[length];
        var bytes = (long)length * Unsafe.SizeOf<T>();
        if (bytes < MinBytes)
        {
            return array;
        }
        var perPage = PageBytes / Unsafe.SizeOf<T>();
        var perChunk = ChunkBytes / Unsafe.SizeOf<T>();
        var chunks = (int)((length + (long)perChunk - 1) / perChunk);
        Parallel.For(0, chunks, chunk =>
        {
            var end = (int)Math.Min(length, (long)(chunk + 1) * perChunk);
            for (var i = chunk * perChunk; i < end; i += perPage)
            {
                array[i] = default;
            }
        });
        return array;
    }
}
