using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using MemAnalyzer.Heap;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Targets;

/// <summary>
/// ClrMD's reader of a core dump, with the bytes the dump lacks (file-mapped images) served from verified local files:
/// the DAC then reads the assemblies' metadata and the code it unwinds through. Owns the DataTarget that opened the dump.
/// </summary>
internal sealed class OverlaidDataReader(DataTarget dump, ImageOverlay images) : IDataReader, IDumpInfoProvider, IDisposable
{
    private readonly IDataReader _reader = dump.DataReader;

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

    public int Read(ulong address, Span<byte> buffer)
    {
        var done = 0;
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

    public void Dispose() => dump.Dispose();
}
