using System.IO.MemoryMappedFiles;
using Microsoft.Win32.SafeHandles;

namespace MemAnalyzer.Index;

/// <summary>
/// An index file mapped into memory, read-only, for <see cref="Retention.Column{T}"/>s over its sections: their pages
/// are the page cache's, so a second question neither zeroes fresh memory nor copies the file into it (at 10^8 objects
/// reading 2 GB of sections into new arrays took about 2 s here, most of it the kernel clearing pages; touching the
/// same pages mapped about 0.3 s). A mapping is never released while the process runs, so that no column outlives it;
/// an index is written anew beside it and renamed into place, never changed in place, so mapped pages never change.
/// </summary>
internal static unsafe class MappedMemory
{
    private static readonly List<MemoryMappedViewAccessor> s_views = [];

    /// <summary>The first byte of the whole file, mapped read-only.</summary>
    public static byte* Map(SafeFileHandle file, long length)
    {
        using var map = MemoryMappedFile.CreateFromFile(file, null, 0, MemoryMappedFileAccess.Read, HandleInheritability.None, leaveOpen: true);
        var view = map.CreateViewAccessor(0, length, MemoryMappedFileAccess.Read);
        byte* first = null;
        view.SafeMemoryMappedViewHandle.AcquirePointer(ref first);
        lock (s_views)
        {
            s_views.Add(view);
        }
        return first + view.PointerOffset;
    }
}
