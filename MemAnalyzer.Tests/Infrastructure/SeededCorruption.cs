namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Deterministic damage of a dump copy from a kind and a seed: bit flips and random 8-byte writes over the whole file,
/// zeroed runs, a truncation, and random 8-byte writes over the GC heap's segments (found with ClrMD in the undamaged dump).
/// </summary>
public static class SeededCorruption
{
    public static readonly string[] Kinds = ["flips", "zeroed", "truncated", "writes", "heapwrites"];

    public static void Apply(string copy, string kind, int seed, string original)
    {
        var random = new Random(seed);
        if (kind == "heapwrites")
        {
            var segments = HeapSegments(original);
            for (var i = 0; i < 200; i++)
            {
                var (start, length) = segments[random.Next(segments.Count)];
                DumpPatcher.Overwrite(copy, start + (ulong)random.NextInt64((long)length - 8), RandomBytes(random, 8));
            }
            return;
        }
        using var file = new FileStream(copy, FileMode.Open, FileAccess.ReadWrite);
        var size = file.Length;
        switch (kind)
        {
            case "flips":
                for (var i = 0; i < 1000; i++)
                {
                    file.Position = random.NextInt64(size);
                    var value = file.ReadByte();
                    file.Position--;
                    file.WriteByte((byte)(value ^ (1 << random.Next(8))));
                }
                break;
            case "zeroed":
                for (var i = 0; i < 20; i++)
                {
                    file.Position = random.NextInt64(size);
                    file.Write(new byte[Math.Min(random.Next(64, 65536), size - file.Position)]);
                }
                break;
            case "truncated":
                file.SetLength(random.NextInt64(size));
                break;
            case "writes":
                for (var i = 0; i < 200; i++)
                {
                    file.Position = random.NextInt64(size - 8);
                    file.Write(RandomBytes(random, 8));
                }
                break;
            default:
                throw new ArgumentException($"unknown corruption {kind}", nameof(kind));
        }
    }

    private static byte[] RandomBytes(Random random, int count)
    {
        var bytes = new byte[count];
        random.NextBytes(bytes);
        return bytes;
    }

    private static List<(ulong Start, ulong Length)> HeapSegments(string dump)
    {
        using var session = LocalDump.Open(dump);
        return session.Runtime.Heap.Segments.Where(s => s.ObjectRange.Length > 64).Select(s => (s.ObjectRange.Start, s.ObjectRange.Length)).ToList();
    }
}
