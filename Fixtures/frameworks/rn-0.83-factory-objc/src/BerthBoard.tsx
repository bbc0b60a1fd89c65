import React, {useEffect, useState} from 'react';
import {Button, FlatList, NativeModules, Text, View} from 'react-native';

type Berth = {id: string; pontoon: string; length: number; free: boolean};

export default function BerthBoard() {
  const [berths, setBerths] = useState<Berth[]>([]);
  useEffect(() => {
    fetch('https://moorings.example.net/api/berths').then(r => r.json()).then(setBerths);
  }, []);
  return (
    <FlatList
      data={berths}
      keyExtractor={b => b.id}
      renderItem={({item}) => (
        <View style={{flexDirection: 'row', padding: 12}}>
          <Text style={{flex: 1}}>
            {item.pontoon}
            {item.id} · {item.length} m · {item.free ? 'free' : 'taken'}
          </Text>
          <Button title="Share" onPress={() => NativeModules.MRGSharePresenter.share(`Berth ${item.id}`)} />
        </View>
      )}
    />
  );
}
