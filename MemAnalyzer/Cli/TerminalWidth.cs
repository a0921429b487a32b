using System.Runtime.InteropServices;

namespace MemAnalyzer.Cli;

/// <summary>
/// The width of the terminal standard output is, read with ioctl(TIOCGWINSZ) alone. Console.WindowWidth would do it too,
/// but on Unix it first sets the terminal up for key reading and writes the keypad-mode sequence (ESC [ ? 1 h ESC =)
/// into the output, never undone: a log of every run would carry it.
/// </summary>
internal static partial class TerminalWidth
{
    private const int StandardOutput = 1;

    // TIOCGWINSZ on x86-64 and arm64 Linux.
    private const nuint GetWindowSize = 0x5413;

    /// <summary>The terminal's columns, or 0 when standard output is no terminal or it reports none.</summary>
    public static int OfStandardOutput()
    {
        if (!OperatingSystem.IsLinux())
        {
            return 0;
        }
        try
        {
            return NativeMethods.Ioctl(StandardOutput, GetWindowSize, out var size) == 0 ? size.Columns : 0;
        }
        catch (DllNotFoundException)
        {
            return 0;
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct WindowSize
    {
        public ushort Rows;
        public ushort Columns;
        public ushort PixelsWide;
        public ushort PixelsHigh;
    }

    private static partial class NativeMethods
    {
        [LibraryImport("libc", EntryPoint = "ioctl")]
        public static partial int Ioctl(int descriptor, nuint request, out WindowSize size);
    }
}
