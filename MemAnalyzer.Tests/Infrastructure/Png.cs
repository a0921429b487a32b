using System.Buffers.Binary;
using System.IO.Compression;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// Just enough of PNG to count the pixels of one colour in a browser screenshot (8-bit RGB or RGBA, not interlaced),
/// so a test can tell that a chart was really drawn.
/// </summary>
public static class Png
{
    public static int CountPixels(string path, (byte R, byte G, byte B) color, int tolerance = 24)
    {
        var (width, height, channels, pixels) = Decode(File.ReadAllBytes(path));
        var count = 0;
        for (var i = 0; i < width * height; i++)
        {
            var p = i * channels;
            if (Math.Abs(pixels[p] - color.R) <= tolerance && Math.Abs(pixels[p + 1] - color.G) <= tolerance && Math.Abs(pixels[p + 2] - color.B) <= tolerance)
            {
                count++;
            }
        }
        return count;
    }

    private static (int Width, int Height, int Channels, byte[] Pixels) Decode(byte[] file)
    {
        Assert.True(file.AsSpan(1, 3).SequenceEqual("PNG"u8), "not a PNG file");
        int width = 0, height = 0, channels = 0;
        using var compressed = new MemoryStream();
        for (var offset = 8; offset < file.Length;)
        {
            var length = BinaryPrimitives.ReadInt32BigEndian(file.AsSpan(offset));
            var type = System.Text.Encoding.ASCII.GetString(file, offset + 4, 4);
            var data = file.AsSpan(offset + 8, length);
            if (type == "IHDR")
            {
                width = BinaryPrimitives.ReadInt32BigEndian(data);
                height = BinaryPrimitives.ReadInt32BigEndian(data[4..]);
                Assert.Equal(8, data[8]);
                channels = data[9] switch { 2 => 3, 6 => 4, _ => throw new NotSupportedException($"PNG colour type {data[9]}") };
                Assert.Equal(0, data[12]);
            }
            else if (type == "IDAT")
            {
                compressed.Write(data);
            }
            offset += 12 + length;
        }
        compressed.Position = 0;
        using var inflated = new MemoryStream();
        using (var zlib = new ZLibStream(compressed, CompressionMode.Decompress))
        {
            zlib.CopyTo(inflated);
        }
        var raw = inflated.ToArray();
        var stride = width * channels;
        var pixels = new byte[stride * height];
        for (var y = 0; y < height; y++)
        {
            var filter = raw[y * (stride + 1)];
            var source = raw.AsSpan(y * (stride + 1) + 1, stride);
            var row = pixels.AsSpan(y * stride, stride);
            var previous = y == 0 ? new byte[stride] : pixels.AsSpan((y - 1) * stride, stride).ToArray();
            for (var x = 0; x < stride; x++)
            {
                int left = x >= channels ? row[x - channels] : 0, up = previous[x], upLeft = x >= channels ? previous[x - channels] : 0;
                row[x] = (byte)(source[x] + filter switch
                {
                    0 => 0,
                    1 => left,
                    2 => up,
                    3 => (left + up) / 2,
                    4 => Paeth(left, up, upLeft),
                    _ => throw new NotSupportedException($"PNG filter {filter}"),
                });
            }
        }
        return (width, height, channels, pixels);
    }

    private static int Paeth(int a, int b, int c)
    {
        var p = a + b - c;
        int pa = Math.Abs(p - a), pb = Math.Abs(p - b), pc = Math.Abs(p - c);
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
}
