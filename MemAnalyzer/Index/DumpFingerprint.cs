using System.IO.Hashing;

namespace MemAnalyzer.Index;

/// <summary>
/// Tells whether a dump is still the one an index was made of: its length, its last write time, and a hash of its first
/// and last MiB and of 16 blocks of 64 KiB spread over it (about 3 MB read, whatever the dump's size). A dump written
/// again at the same path differs in its time and, almost always, in its bytes.
/// </summary>
internal sealed record DumpFingerprint(long Length, long WriteTimeTicks, ulong SampleHash)
{
    private const int EndBytes = 1 << 20;
    private const int SampleBytes = 1 << 16;
    private const int Samples = 16;

    public static DumpFingerprint Of(string path)
    {
        var info = new FileInfo(path);
        using var file = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
        var length = RandomAccess.GetLength(file);
        var hash = new XxHash3();
        hash.Append(BitConverter.GetBytes(length));
        var buffer = new byte[EndBytes];
        Append(hash, file, buffer, 0, EndBytes);
        for (var i = 1; i <= Samples; i++)
        {
            Append(hash, file, buffer, length / (Samples + 1) * i, SampleBytes);
        }
        Append(hash, file, buffer, Math.Max(0, length - EndBytes), EndBytes);
        return new DumpFingerprint(length, info.LastWriteTimeUtc.Ticks, hash.GetCurrentHashAsUInt64());
    }

    public void Write(BinaryWriter writer)
    {
        writer.Write(Length);
        writer.Write(WriteTimeTicks);
        writer.Write(SampleHash);
    }

    public static DumpFingerprint Read(BinaryReader reader) => new(reader.ReadInt64(), reader.ReadInt64(), reader.ReadUInt64());

    private static void Append(XxHash3 hash, Microsoft.Win32.SafeHandles.SafeFileHandle file, byte[] buffer, long offset, int count)
    {
        var read = RandomAccess.Read(file, buffer.AsSpan(0, count), offset);
        hash.Append(buffer.AsSpan(0, Math.Max(0, read)));
    }
}
