using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;
using Microsoft.Diagnostics.Runtime.DataReaders.Implementation;

namespace MemAnalyzer.Targets;

/// <summary>
/// ClrMD's reader of a core dump, its memory read from the core file with positioned reads (cached) and the bytes the dump lacks
/// (file-mapped images) served from verified local files: the DAC then reads the assemblies' metadata and the code it
/// unwinds through. ClrMD maps the whole core file, so that every page its reads touch stays in the process's resident
/// set (the 676 MB of a 10M-object dump, for -inspections' field reads); a positioned read leaves the page in the
/// page cache only. What the file does not hold (ClrMD's zero-filled ranges) is still ClrMD's. Owns the DataTarget
/// that opened the dump and its own handle on the file.
/// </summary>
internal sealed class OverlaidDataReader(DataTarget dump, ImageOverlay images, CachedFileReads? file) : IDataReader, IDumpInfoProvider, IThreadReader, IDisposable
{
    private readonly IDataReader _reader = dump.DataReader;

    /// <summary>The dump's DataTarget again, over this reader.</summary>
    public static DataTarget Over(string path, DataTarget dump, ImageOverlay images, DataTargetOptions options)
    {
        var file = DumpFileMemory.TryOpen(path);
        file?.Serve(images);
        return new DataTarget(new OverlaidDataReader(dump, images, file is null ? null : new CachedFileReads(file)), options);
    }

    public string DisplayName => _reader.DisplayName;

    public bool IsThreadSafe => _reader.IsThreadSafe;

    public OSPlatform TargetPlatform => _reader.TargetPlatform;

    public Architecture Architecture => _reader.Architecture;

    public int ProcessId => _reader.ProcessId;

    public int PointerSize => _reader.PointerSize;

    public bool IsMiniOrTriage => _reader is IDumpInfoProvider info && info.IsMiniOrTriage;

    public bool IsCreatedByDotNetRuntime => _reader is IDumpInfoProvider info && info.IsCreatedByDotNetRuntime;

    public IEnumerable<ModuleInfo> EnumerateModules() => _reader.EnumerateModules();

    public bool GetThreadContext(uint threadID, uint contextFlags, Span<byte> context) => _reader.GetThreadContext(threadID, contextFlags, context);

    public void FlushCachedData() => _reader.FlushCachedData();

    /// <summary>The core's threads, as ClrMD's reader lists them (the memory map finds the stacks by their stack pointers).</summary>
    public IEnumerable<uint> EnumerateOSThreadIds() => _reader is IThreadReader threads ? threads.EnumerateOSThreadIds() : [];

    public ulong GetThreadTeb(uint osThreadId) => _reader is IThreadReader threads ? threads.GetThreadTeb(osThreadId) : 0;

    public int Read(ulong address, Span<byte> buffer)
    {
        var done = file?.Read(address, buffer) ?? 0;
        while (done < buffer.Length)
        {
            var current = address + (ulong)done;
            var read = _reader.Read(current, buffer[done..]);
            if (read <= 0)
            {
                read = images.Read(current, buffer[done..]);
                if (read == 0)
                {
                    break;
                }
            }
            done += read;
        }
        return done;
    }

    public bool Read<T>(ulong address, out T value) where T : unmanaged
    {
        value = default;
        var bytes = MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref value, 1));
        return Read(address, bytes) == bytes.Length;
    }

    public T Read<T>(ulong address) where T : unmanaged => Read(address, out T value) ? value : default;

    public bool ReadPointer(ulong address, out ulong value)
    {
        Span<byte> bytes = stackalloc byte[8];
        var size = PointerSize;
        if (Read(address, bytes[..size]) != size)
        {
            value = 0;
            return false;
        }
        value = size == 4 ? Unsafe.ReadUnaligned<uint>(ref bytes[0]) : Unsafe.ReadUnaligned<ulong>(ref bytes[0]);
        return true;
    }

    public ulong ReadPointer(ulong address) => ReadPointer(address, out var value) ? value : 0;

    public void Dispose()
    {
        dump.Dispose();
        file?.Dispose();
    }
}
