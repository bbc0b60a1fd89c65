import 'package:flutter/material.dart';
import 'package:image_picker/image_picker.dart';

void main() => runApp(const MaterialApp(title: 'Sketchbook', home: CanvasPage()));

class CanvasPage extends StatefulWidget {
  const CanvasPage({super.key});

  @override
  State<CanvasPage> createState() => _CanvasPageState();
}

class _CanvasPageState extends State<CanvasPage> {
  final _strokes = <List<Offset>>[];
  XFile? _background;

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      appBar: AppBar(title: const Text('Sketchbook'), actions: [
        IconButton(
          icon: const Icon(Icons.photo),
          onPressed: () async {
            final img = await ImagePicker().pickImage(source: ImageSource.gallery);
            setState(() => _background = img);
          },
        ),
      ]),
      body: GestureDetector(
        onPanStart: (d) => setState(() => _strokes.add([d.localPosition])),
        onPanUpdate: (d) => setState(() => _strokes.last.add(d.localPosition)),
        child: CustomPaint(painter: _Ink(_strokes), child: Center(child: Text(_background?.name ?? ''))),
      ),
    );
  }
}

class _Ink extends CustomPainter {
  _Ink(this.strokes);
  final List<List<Offset>> strokes;

  @override
  void paint(Canvas canvas, Size size) {
    final pen = Paint()
      ..strokeWidth = 3
      ..style = PaintingStyle.stroke;
    for (final s in strokes) {
      canvas.drawPoints(PointMode.polygon, s, pen);
    }
  }

  @override
  bool shouldRepaint(_Ink old) => true;
}
