using System.Runtime.InteropServices;
using System.Text;

namespace MemAnalyzer.Cli;

/// <summary>
/// Standard output and error as plain streams on their file descriptors. System.Console's own stream sets the terminal up
/// for key reading before its first write (on Unix: the terminfo keypad_xmit sequence, ESC [ ? 1 h ESC =, never undone),
/// and does so even when the output is a pipe but standard input is the terminal (the isolated analysis child): every
/// run would leave control codes in a log that `script` or a CI console records. MemAnalyzer reads no keys.
/// </summary>
internal static partial class TerminalStreams
{
    /// <summary>Replaces Console.Out and Console.Error by plain writers (Linux; elsewhere they stay as they are).</summary>
    public static void Install()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }
        Console.SetOut(Writer(1));
        Console.SetError(Writer(2));
    }

    private static TextWriter Writer(int descriptor)
    {
        var stream = new DescriptorStream(descriptor);
        return TextWriter.Synchronized(new StreamWriter(stream, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false)) { AutoFlush = true });
    }

    /// <summary>
    /// A descriptor written with write(2) as Console writes it: at the descriptor's own offset (a FileStream would keep its own
    /// and overwrite the other stream's text in `> log 2>&amp;1`), and a reader that went away (`| head`) is no failure of the run.
    /// </summary>
    private sealed class DescriptorStream(int descriptor) : Stream
    {
        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override unsafe void Write(ReadOnlySpan<byte> buffer)
        {
            const int Interrupted = 4;
            fixed (byte* start = buffer)
            {
                var written = 0;
                while (written < buffer.Length)
                {
                    var n = NativeMethods.Write(descriptor, start + written, (nuint)(buffer.Length - written));
                    if (n > 0)
                    {
                        written += (int)n;
                    }
                    else if (n < 0 && Marshal.GetLastPInvokeError() == Interrupted)
                    {
                        continue;
                    }
                    else
                    {
                        // A closed pipe or a full disk: the text is dropped, as Console drops it.
                        return;
                    }
                }
            }
        }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }

    private static unsafe partial class NativeMethods
    {
        [LibraryImport("libc", EntryPoint = "write", SetLastError = true)]
        public static partial nint Write(int descriptor, byte* buffer, nuint count);
    }
}
