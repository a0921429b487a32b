namespace MemAnalyzer.Index;

/// <summary>
/// The layout of an index file: a 16-byte head (magic, format version), then named sections of raw little-endian
/// arrays, each at an 8-byte boundary, then the section table (name, offset, length, XxHash3 of the bytes), then a
/// 24-byte tail: the table's offset, the table's XxHash3, and the closing magic. A file cut short loses its tail, a
/// changed byte its section's hash: both are found before anything is used.
/// </summary>
internal static class SectionFile
{
    public const ulong HeadMagic = 0x31584449_414D454D; // "MEMAIDX1" as little-endian bytes
    public const ulong TailMagic = 0x444E4558_4449414D; // "MAIDXEND"

    /// <summary>Changes whenever what a section holds changes: an index of another version is rebuilt, never read.</summary>
    public const int FormatVersion = 3;

    public const int HeadBytes = 16;

    public const int TailBytes = 24;

    /// <summary>Elements per write or read of a large array: its bytes stay within one span's reach.</summary>
    public const int ChunkElements = 1 << 22;
}
