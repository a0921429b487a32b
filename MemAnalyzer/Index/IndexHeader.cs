namespace MemAnalyzer.Index;

/// <summary>The first section of an index: which dump (path, what named its types, fingerprint) it was made of, and when.</summary>
internal sealed record IndexHeader(string DumpPath, string Context, DumpFingerprint Dump, DateTime Built)
{
    public const string Section = "identity";

    public void Write(SectionFileWriter file) => file.Add(Section, w =>
    {
        w.Write(DumpPath);
        w.Write(Context);
        Dump.Write(w);
        w.Write(Built.Ticks);
    });

    public static IndexHeader Read(SectionFileReader file) =>
        file.Read(Section, r => new IndexHeader(r.ReadString(), r.ReadString(), DumpFingerprint.Read(r), new DateTime(r.ReadInt64(), DateTimeKind.Utc)));

    /// <summary>True when the dump at <see cref="DumpPath"/> is still the one this index was made of.</summary>
    public bool StillMatches()
    {
        try
        {
            return File.Exists(DumpPath) && DumpFingerprint.Of(DumpPath) == Dump;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }
}
